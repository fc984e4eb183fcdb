-- Spec part 2 §4: a company is active, inactive, or inactive with its clients forwarded; shown as a label.
-- Separate from `enabled` (which blocks sign-in): the status is what the back office says about the account.
alter table companies add column status text not null default 'active';
alter table companies add constraint companies_status_check check (status in ('active', 'inactive', 'inactive_forwarding'));
