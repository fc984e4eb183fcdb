-- Away status (spec part 1 §4): the away auto-reply goes out once per conversation per away period.
-- `away_period` counts the user's away periods; a new one starts when the user goes AWAY from another state or
-- changes the away text. `away_replies` remembers which conversations already got the text in a period: its
-- primary key is what makes "once" hold even for two inbound messages committed at the same moment.

alter table users add column away_period bigint not null default 0;

create table away_replies (
  company_id bigint not null,
  user_id bigint not null,
  away_period bigint not null,
  customer_id bigint not null,
  created_at timestamptz not null default now(),
  primary key (company_id, user_id, away_period, customer_id),
  foreign key (company_id, user_id) references users (company_id, id) on delete cascade,
  foreign key (company_id, customer_id) references customers (company_id, id) on delete cascade
);
create index away_replies_customer_idx on away_replies (company_id, customer_id);

alter table away_replies enable row level security;
alter table away_replies force row level security;
create policy tenant_isolation on away_replies using (
  company_id = (select nullif(current_setting('app.company_id', true), '')::bigint)
  or (select current_setting('app.system', true) = 'on')
);
grant select, insert, update, delete on away_replies to courier_app;
