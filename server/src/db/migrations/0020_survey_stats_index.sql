-- Issue 14 "stats under 50 ms": the dashboard's figures over a year of a busy company read ~90,000 surveys. A covering
-- index lets PostgreSQL answer them from the index alone (an index-only scan of the range), and `has_comment` is the
-- one fact the stats need from the comment text.
alter table surveys add column has_comment boolean generated always as (comment is not null) stored;
create index surveys_stats_idx on surveys (company_id, sent_at)
  include (answered_at, answer, resolved_at, has_comment, google_clicked_at, yelp_clicked_at, facebook_clicked_at)
  where sent_at is not null;
