-- Row-level security policies read the tenant setting through a scalar subquery, so PostgreSQL evaluates it
-- once per statement (an InitPlan) instead of once per row. Measured on the 100k-customer inbox count: the
-- per-row form made the count 2–3.5x slower (docs/performance.md). Same rule, same tables.

do $$
declare
  t text;
  tenant_expr constant text := '(select nullif(current_setting(''app.company_id'', true), '''')::bigint)';
  system_expr constant text := '(select current_setting(''app.system'', true) = ''on'')';
begin
  for t in select tablename from pg_policies where schemaname = 'public' and policyname = 'tenant_isolation' loop
    execute format('drop policy tenant_isolation on %I', t);
    execute format('create policy tenant_isolation on %I using (%s = %s or %s)',
      t, case when t = 'companies' then 'id' else 'company_id' end, tenant_expr, system_expr);
  end loop;
  for t in select tablename from pg_policies where schemaname = 'public' and policyname = 'tenant_or_system' loop
    execute format('drop policy tenant_or_system on %I', t);
    execute format('create policy tenant_or_system on %I using (%s or company_id = %s)', t, system_expr, tenant_expr);
  end loop;
  for t in select tablename from pg_policies where schemaname = 'public' and policyname = 'system_only' loop
    execute format('drop policy system_only on %I', t);
    execute format('create policy system_only on %I using (%s)', t, system_expr);
  end loop;
end $$;
