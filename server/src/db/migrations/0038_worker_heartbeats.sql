-- Liveness of the processes that run the outbox worker (issue 20, /health/ready). Each one upserts its row every
-- ~15 s; a row not touched for 60 s is stale, and rows older than a day are dropped by the beats themselves. Not
-- tenant data: visible in the system scope alone (the policy fails closed for every company scope).
create table worker_heartbeats (
  process_id text primary key,
  host text not null,
  pid int not null,
  started_at timestamptz not null,
  beat_at timestamptz not null default now(),
  worker boolean not null default true
);
create index worker_heartbeats_beat_idx on worker_heartbeats (beat_at);

alter table worker_heartbeats enable row level security;
alter table worker_heartbeats force row level security;
create policy system_only on worker_heartbeats using ((select current_setting('app.system', true) = 'on'));
grant select, insert, update, delete on worker_heartbeats to courier_app;

-- The queue figures (/metrics, /api/development/stats) count jobs that gave up lately: a small partial index keeps
-- that count off the ever-growing set of finished jobs.
create index outbox_jobs_gave_up_idx on outbox_jobs (done_at) where last_error like 'gave up:%';
