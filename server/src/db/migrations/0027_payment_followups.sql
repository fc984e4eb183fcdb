-- Payments follow-ups (issue 17). No new table: columns on tables whose row-level security 0023 set up.

-- A saved card's expiry as the card form or the processor's vault gave it (null: never said). A card past its month
-- is not charged: the recurring job skips the month with a reason and tells staff.
alter table payment_saved_cards add column expiry_month integer check (expiry_month between 1 and 12);
alter table payment_saved_cards add column expiry_year integer check (expiry_year between 2000 and 2099);
alter table payment_saved_cards add constraint payment_saved_cards_expiry_both check ((expiry_month is null) = (expiry_year is null));

-- A rule's first and last month charged ('YYYY-MM' in the company's time zone, inclusive; null = no bound).
alter table payment_recurring_rules add column start_month text check (start_month ~ '^[0-9]{4}-(0[1-9]|1[0-2])$');
alter table payment_recurring_rules add column end_month text check (end_month ~ '^[0-9]{4}-(0[1-9]|1[0-2])$');
alter table payment_recurring_rules add constraint payment_recurring_rules_months_in_order check (start_month is null or end_month is null or end_month >= start_month);

-- When a request last took an open refund attempt to ask the processor (a retry of an unknown outcome). The reconcile
-- job leaves an attempt alone while a request holds it: it counts staleness from this time, not the attempt's creation.
alter table payment_refund_attempts add column claimed_at timestamptz;
