-- Search (issue 21): full-text search over messages, customers' internal notes and customers (name, e-mail, phone).
--
-- Expression indexes, not stored tsvector columns: a GIN index on to_tsvector('simple', content) costs one index
-- entry per insert and no table rewrite of the 2M-message tables; the queries repeat the exact expressions below
-- (server/src/modules/search/search.repository.ts) so the planner matches them.
-- The 'simple' configuration lower-cases words and does not stem: the texts are short and written in English, Bosnian,
-- Croatian and Serbian, where an English stemmer would be wrong half the time. Prefix matching (to_tsquery 'car:*')
-- covers most of what stemming would give.

-- Message content: which messages hold these words (rare and prefix terms).
create index messages_content_fts_idx on messages using gin (to_tsvector('simple'::regconfig, coalesce(content, '')));
-- Newest first across one company: a common term is answered by walking this index backwards and testing each row,
-- stopping after one page, instead of fetching every match through the GIN index and sorting (STACK pitfall 1).
create index messages_company_time_idx on messages (company_id, created_at, id);

-- Customers: first and last name plus the e-mail split into words (the default parser keeps an e-mail as one token).
create index customers_search_fts_idx on customers using gin (
  to_tsvector('simple'::regconfig, first_name || ' ' || last_name || ' ' || translate(coalesce(email, ''), '@._+-', '     '))
);
-- Phone: digits only, any part of the number ("555 01", "(555) 0100") through trigrams.
create index customers_phone_digits_trgm_idx on customers using gin (regexp_replace(phone, '[^0-9]', '', 'g') gin_trgm_ops);
-- Internal notes on the customer card.
create index customers_notes_fts_idx on customers using gin (to_tsvector('simple'::regconfig, coalesce(notes, '')));
-- Customer hits newest first.
create index customers_company_created_idx on customers (company_id, created_at, id);
