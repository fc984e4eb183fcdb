-- Issue 11: credential changes end sessions, and sign-in throttling that holds under parallel requests.

-- Bumped on every credential change (password, roles, disable, reset). Access tokens carry it as `tv` and the
-- auth hook refuses a token whose version is behind, so a changed password ends every outstanding access token.
alter table users add column token_version integer not null default 0;
-- The version a refresh token was issued under: a refresh under an older version is refused even if the
-- revocation of its family never ran (fail closed).
alter table refresh_tokens add column token_version integer not null default 0;

-- Sign-in throttle counters, one row per key (address, account, account+address, device). Checked and counted
-- under a row lock before any password is verified, so parallel guesses cannot all slip through.
create table login_throttle (
  key text primary key,
  -- Attempts counted in the current window (address keys) or since the last success (back-off keys).
  hits integer not null default 0,
  window_start timestamptz not null default now(),
  -- No attempt under this key is verified before this time (exponential back-off).
  next_at timestamptz,
  updated_at timestamptz not null default now()
);
create index login_throttle_updated_idx on login_throttle (updated_at);

alter table login_throttle enable row level security;
alter table login_throttle force row level security;
create policy system_only on login_throttle using (current_setting('app.system', true) = 'on');
grant select, insert, update, delete on login_throttle to courier_app;
