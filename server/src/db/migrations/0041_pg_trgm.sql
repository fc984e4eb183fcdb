-- Trigram matching for "contains" search over logs, messages and past replies (PGlite loads pg_trgm too).
create extension if not exists pg_trgm;
