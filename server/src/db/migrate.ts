import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { TDatabase } from './client';

const MIGRATIONS_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

/**
 * Applies committed SQL migrations in name order. Each runs in one transaction that first takes an advisory
 * lock and re-checks the journal, so two servers starting against one PostgreSQL never apply one twice.
 */
export async function migrateDatabase(db: TDatabase): Promise<void> {
  await db.exec(
    `create table if not exists schema_migrations (name text primary key, applied_at timestamptz not null default now())`,
  );
  const files = readdirSync(MIGRATIONS_DIR)
    .filter((f) => f.endsWith('.sql'))
    .sort();
  for (const file of files) {
    const body = readFileSync(path.join(MIGRATIONS_DIR, file), 'utf8');
    if (body.includes('$migration_body$')) throw new Error(`${file} must not contain $migration_body$`);
    const name = file.replace(/'/g, "''");
    await db.exec(`begin;
select pg_advisory_xact_lock(727274);
do $migrate$ begin
  if not exists (select 1 from schema_migrations where name = '${name}') then
    execute $migration_body$ ${body} $migration_body$;
    insert into schema_migrations(name) values ('${name}');
  end if;
end $migrate$;
commit;`);
  }
}
