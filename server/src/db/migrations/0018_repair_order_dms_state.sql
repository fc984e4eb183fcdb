-- The order screen says what waits for the DMS and why (issue 13 "keep working when the DMS is down"): the DMS link
-- keeps, per order, how many pushes wait and the latest error of its waiting or failed pushes.
alter table repair_orders add column dms_pending_pushes integer not null default 0;
alter table repair_orders add column dms_last_error text;
