import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import { isSuperAdmin } from '@cd/contracts/roles';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { LoadErrorAlert } from '../../../components/ui/load-error-alert';
import { TableLoadingRows } from '../../../components/ui/table-loading-rows';
import { useCurrentUser } from '../../../lib/current-user';
import { useAuditLog } from '../api/get-audit-log';
import { auditFiltersOf, auditParamsOf, auditQueryOf, type TAuditFilters } from '../lib/audit-filters';
import { AuditEntryRow } from './audit-entry-row';
import { AuditLogFilters } from './audit-log-filters';
import { PageTitle } from '../../../components/ui/page-title';

/**
 * /audit-log (issue 20): who did what to which entity, when and from where, newest first, 50 at a time. Super admins
 * see every company (or one); company admins their own company only (the server scopes it). Filters live in the address.
 */
export function AuditLogPage() {
  const { t } = useTranslation();
  const me = useCurrentUser();
  const superAdmin = isSuperAdmin(me.roles);
  const [params, setParams] = useSearchParams();
  const filters = auditFiltersOf(params);
  const signature = params.toString();
  // eslint-disable-next-line react-hooks/exhaustive-deps -- the address string is the filters' identity
  const query = useMemo(() => auditQueryOf(filters, { superAdmin }), [signature, superAdmin]);
  const list = useAuditLog(query);
  const rows = list.data?.pages.flatMap((p) => p.member) ?? [];
  const columns = superAdmin ? 7 : 6;
  const setFilters = (next: TAuditFilters) => setParams(auditParamsOf(next), { replace: true });
  // The name of the person picked from a row stays known while their filtered list loads.
  const [picked, setPicked] = useState<{ id: number; name: string } | null>(null);
  const userName = filters.user
    ? (rows.find((r) => String(r.actor?.id) === filters.user)?.actor?.name ?? (String(picked?.id) === filters.user ? picked!.name : null))
    : null;

  return (
    <Box sx={{ p: { xs: 2, md: 3 }, display: 'flex', flexDirection: 'column', gap: 2, overflowY: 'auto' }} data-testid="audit-log-page">
      <PageTitle title={t('menu_audit_log')} intro={t(superAdmin ? 'audit_intro_super_admin' : 'audit_intro_company_admin')} />
      <AuditLogFilters value={filters} onChange={setFilters} superAdmin={superAdmin} userName={userName} />
      {list.isError && !list.data ? (
        <LoadErrorAlert error={list.error} failedText={t('audit_load_failed')} onRetry={() => void list.refetch()} testId="audit-error" />
      ) : (
        <Paper variant="outlined">
          {list.isFetching && !list.isPending && !list.isFetchingNextPage && <LinearProgress aria-label={t('loading')} />}
          <TableContainer>
            <Table size="small" aria-label={t('menu_audit_log')} data-testid="audit-table">
              <TableHead>
                <TableRow>
                  <TableCell padding="checkbox" />
                  <TableCell>{t('audit_time')}</TableCell>
                  <TableCell>{t('audit_actor')}</TableCell>
                  <TableCell>{t('audit_action')}</TableCell>
                  <TableCell>{t('audit_entity')}</TableCell>
                  {superAdmin && <TableCell>{t('audit_company')}</TableCell>}
                  <TableCell>{t('audit_ip')}</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {list.isPending && <TableLoadingRows columns={columns} testId="audit-loading" />}
                {!list.isPending && rows.length === 0 && (
                  <TableRow>
                    <TableCell colSpan={columns} align="center" sx={{ py: 6, color: 'text.secondary' }} data-testid="audit-empty">
                      {t(signature ? 'audit_empty_filtered' : 'audit_empty')}
                    </TableCell>
                  </TableRow>
                )}
                {rows.map((entry) => (
                  <AuditEntryRow
                    key={entry.id}
                    entry={entry}
                    columns={columns}
                    showCompany={superAdmin}
                    onUser={(u) => {
                      setPicked(u);
                      setFilters({ ...filters, user: String(u.id) });
                    }}
                  />
                ))}
              </TableBody>
            </Table>
          </TableContainer>
          {list.hasNextPage && (
            <Box sx={{ display: 'flex', justifyContent: 'center', p: 1.5, borderTop: 1, borderColor: 'divider' }}>
              <Button onClick={() => void list.fetchNextPage()} disabled={list.isFetchingNextPage} data-testid="audit-more">
                {list.isFetchingNextPage ? <CircularProgress size={18} /> : t('load_more')}
              </Button>
            </Box>
          )}
        </Paper>
      )}
    </Box>
  );
}
