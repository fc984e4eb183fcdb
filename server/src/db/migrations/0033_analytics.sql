-- Analytics of issue 19 (docs/metrics.md): daily rollups of the messaging metrics, kept incrementally.

-- A day's fold reads that day's messages of one company by time; scheduled messages count at their due time.
create index messages_company_created_idx on messages (company_id, created_at);
create index messages_company_scheduled_idx on messages (company_id, scheduled_at) where scheduled_at is not null;
-- Opt-outs of a day (the consent ledger had no time index).
create index consent_events_company_created_idx on consent_events (company_id, created_at);

-- One row per company, local day, channel and agent (user_id 0: figures that belong to no agent — inbound,
-- automated sends, conversations started, opt-outs). user_id has no foreign key on purpose: a closed day keeps the
-- figures of an agent who was deleted later. Durations are milliseconds; b1/b2/b3 are the §9 buckets.
create table analytics_daily (
  company_id bigint not null references companies (id) on delete cascade,
  day date not null,
  channel text not null,
  user_id bigint not null default 0,
  inbound integer not null default 0,
  outbound_human integer not null default 0,
  outbound_automated integer not null default 0,
  conv_inbound integer not null default 0,
  conv_outbound integer not null default 0,
  handled_inbound integer not null default 0,
  handled_outbound integer not null default 0,
  opt_outs integer not null default 0,
  resp_count integer not null default 0,
  resp_wall_ms bigint not null default 0,
  resp_wall_b1 integer not null default 0,
  resp_wall_b2 integer not null default 0,
  resp_wall_b3 integer not null default 0,
  resp_biz_ms bigint not null default 0,
  resp_biz_b1 integer not null default 0,
  resp_biz_b2 integer not null default 0,
  resp_biz_b3 integer not null default 0,
  first_count integer not null default 0,
  first_wall_ms bigint not null default 0,
  first_wall_b1 integer not null default 0,
  first_wall_b2 integer not null default 0,
  first_wall_b3 integer not null default 0,
  first_biz_ms bigint not null default 0,
  first_biz_b1 integer not null default 0,
  first_biz_b2 integer not null default 0,
  first_biz_b3 integer not null default 0,
  primary key (company_id, day, channel, user_id)
);

-- Which days of a company are computed, and when: a day computed after its end plus a grace period is final. The
-- counts of the day's messages and opt-outs the fold saw tell whether an open day changed since (docs/metrics.md).
create table analytics_days (
  company_id bigint not null references companies (id) on delete cascade,
  day date not null,
  computed_at timestamptz not null,
  messages integer not null default 0,
  opt_outs integer not null default 0,
  primary key (company_id, day)
);

do $$
declare t text;
begin
  foreach t in array array['analytics_daily', 'analytics_days'] loop
    execute format('alter table %I enable row level security', t);
    execute format('alter table %I force row level security', t);
    execute format($p$create policy tenant_isolation on %I using (company_id = (select nullif(current_setting('app.company_id', true), '')::bigint) or (select current_setting('app.system', true) = 'on'))$p$, t);
    execute format('grant select, insert, update, delete on %I to courier_app', t);
  end loop;
end $$;
