-- Issue 20 leftovers.
--
-- 1. Text search `q` over the outgoing API log: `ILIKE '%term%'` on each searched column is served by a trigram GIN
--    index (pg_trgm, migration 0041) for terms of 3+ characters (shorter ones are refused by the API), so a rare
--    term is an index lookup instead of a walk over every row of the range. fastupdate (the default) keeps the
--    writer's batched inserts cheap: new entries go to the pending list and are merged in bulk.
create index api_calls_url_trgm_idx on api_calls using gin (url gin_trgm_ops);
create index api_calls_operation_trgm_idx on api_calls using gin (operation gin_trgm_ops);
create index api_calls_error_trgm_idx on api_calls using gin (error gin_trgm_ops) where error is not null;
create index api_calls_request_body_trgm_idx on api_calls using gin (request_body gin_trgm_ops) where request_body is not null;
create index api_calls_response_body_trgm_idx on api_calls using gin (response_body gin_trgm_ops) where response_body is not null;

-- 2. System live events (scheduled-job runs): events of no company, on the super admins' topic only. The existing
--    tenant_isolation policy (`company_id = app.company_id or app.system = 'on'`) already hides them from every tenant
--    scope (`null = n` is never true); only the system scope (the hub's replay for a super admin) reads them, and
--    the replay filters every row by the subscriber's allowed topics as before.
alter table live_events alter column company_id drop not null;
-- Replay of a super admin walks the system events newest first.
create index live_events_system_idx on live_events (id) where company_id is null;
