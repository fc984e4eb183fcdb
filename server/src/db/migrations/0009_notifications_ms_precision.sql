-- The notification list's keyset cursor carries created_at as an ISO time, which has millisecond precision.
-- PostgreSQL's clock has microseconds, so a row sharing the boundary row's millisecond but not its microseconds
-- (two notifications for one user in one transaction share now() exactly) compared as newer than the cursor and
-- fell out of the next page. Stored times are now exact to the millisecond, as the internal chat's are (0006).
alter table notifications alter column created_at set default date_trunc('milliseconds', now());
-- Existing rows too; the table forces row-level security, and this is a cross-company fix.
select set_config('app.system', 'on', true);
update notifications set created_at = date_trunc('milliseconds', created_at)
  where created_at <> date_trunc('milliseconds', created_at);
