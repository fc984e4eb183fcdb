-- Rolling a webhook endpoint's signing secret keeps the one it replaces valid for a grace period (docs/outgoing-webhooks.md
-- "Rolling the secret"): deliveries in that window carry a signature with each, so a receiver can switch without
-- refusing deliveries. Encrypted like `secret`; both columns are null when no previous secret is in its grace period.
alter table webhook_endpoints add column previous_secret text;
alter table webhook_endpoints add column previous_secret_expires_at timestamptz;
alter table webhook_endpoints add constraint webhook_endpoints_previous_secret_check
  check ((previous_secret is null) = (previous_secret_expires_at is null));
