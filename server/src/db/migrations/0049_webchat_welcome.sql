-- Website chat welcome reply (issue 21, docs/webchat.md): on a visitor's first message the company answers with an
-- automated message, stored like any outbound message so the agent sees it in the conversation. An empty text means
-- the default text in the company's language (the UI shows it); `welcome_enabled` false sends nothing.
alter table webchat_settings add column welcome_enabled boolean not null default true;
alter table webchat_settings add column welcome_message text not null default '' check (length(welcome_message) <= 500);
