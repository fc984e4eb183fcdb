-- Recurring rules, second part (issue 17). A new card is saved only by a first sale that asks the processor to keep
-- it (no processor offers a zero-amount save through our interface), and that sale needs a row BEFORE the processor
-- is called (its charge row, unique per rule and period). So the rule is written first, without a card yet: a rule
-- whose saved_card_id is null is waiting for its first charge and never charged by the monthly job. create_key is the
-- create request's idempotency key: a double click or a retry finds the same rule and the same first charge.
alter table payment_recurring_rules alter column saved_card_id drop not null;
alter table payment_recurring_rules add column create_key text;
alter table payment_recurring_rules add constraint payment_recurring_rules_create_key unique (company_id, create_key);
alter table payment_recurring_rules add constraint payment_recurring_rules_live_has_card check (not enabled or saved_card_id is not null);
-- The list, newest first (keyset by created time, then id).
create index payment_recurring_rules_newest_idx on payment_recurring_rules (company_id, created_at desc, id desc);
-- The refund reconcile job, across companies: only attempts whose outcome is open.
create index payment_refund_attempts_open_idx on payment_refund_attempts (created_at) where state in ('pending', 'unknown');
