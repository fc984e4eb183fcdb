-- Audit log screen (issue 20): which entity an action touched, from where, and the before/after of changed fields.
-- Rows written before this migration keep nulls and an empty change list; the screen shows their `detail`.
alter table audit_log
  add column entity_type text,
  add column entity_id bigint,
  add column ip text,
  add column user_agent text,
  add column changes jsonb not null default '[]';

-- Newest-first keyset pages, per company (company admins, super admins filtering) and overall (super admins).
-- Plain ascending columns: Postgres scans them backwards for `order by created_at desc, id desc`.
drop index if exists audit_log_company_idx;
create index audit_log_company_idx on audit_log (company_id, created_at, id);
create index audit_log_created_idx on audit_log (created_at, id);
-- "Everything that happened to this user / company".
create index audit_log_entity_idx on audit_log (entity_type, entity_id, created_at, id);
