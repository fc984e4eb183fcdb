-- Search (0043) and suggested replies (0048) under row-level security (issue 21; docs/search.md, "Indexes under
-- row-level security").
--
-- The app queries as courier_app, so every table carries its tenant policy, and PostgreSQL then uses an index for a
-- condition only when that condition cannot leak rows past the policy: every function it applies to a column must be
-- LEAKPROOF, and COALESCE never counts as leak-free. Full-text `@@` (ts_match_vq), pg_trgm's `%` (similarity_op),
-- `||`, translate, regexp_replace and LIKE are not marked, so none of the GIN indexes of 0043 and 0048 was ever used
-- by the app: a rare word read all 2M messages (22 s, measured on the bench), a rare question likewise (15 s).
--
-- 1. These functions cannot fail or signal anything depending on the row they read (their only errors depend on the
--    pattern or query, which the caller wrote): marked LEAKPROOF. Only a superuser may do that; run by another role
--    this step is skipped with a notice and the searches stay correct but slow (docs/search.md).
do $leakproof$
begin
  if (select rolsuper from pg_roles where rolname = current_user) then
    alter function ts_match_vq(tsvector, tsquery) leakproof;
    alter function similarity_op(text, text) leakproof;
    alter function textcat(text, text) leakproof;
    alter function translate(text, text, text) leakproof;
    alter function regexp_replace(text, text, text) leakproof;
    alter function regexp_replace(text, text, text, text) leakproof;
    alter function textlike(text, text) leakproof;
  else
    raise notice 'not a superuser: search and suggested-reply indexes stay unused under row-level security';
  end if;
end
$leakproof$;

-- 2. Index expressions without COALESCE (a null text has a null tsvector, which matches nothing: the same answers).
drop index if exists messages_content_fts_idx;
create index messages_content_fts_idx on messages using gin (to_tsvector('simple'::regconfig, content));

drop index if exists customers_notes_fts_idx;
create index customers_notes_fts_idx on customers using gin (to_tsvector('simple'::regconfig, notes));

-- Name and e-mail words: one index for customers with an e-mail, one for those without (the query tests both arms).
drop index if exists customers_search_fts_idx;
create index customers_search_fts_idx on customers using gin (
  to_tsvector('simple'::regconfig, first_name || ' ' || last_name || ' ' || translate(email, '@._+-', '     '))
) where email is not null;
create index customers_search_name_fts_idx on customers using gin (to_tsvector('simple'::regconfig, first_name || ' ' || last_name))
  where email is null;
