import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { TRoleCatalogue } from '@cd/contracts/role-catalogue';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { ApiError, describeError } from '../../../lib/api-client';
import { translateMessage } from '../../../lib/i18n';
import { toastError, toastSuccess } from '../../../lib/toast';
import { useUpdateCompanyRoles } from '../api/update-company-roles';
import { companyRowsOf, editableRolesOf, nextAvailableRoles, type TCompanyRoleRow } from '../lib/company-roles';

interface TPendingRemoval {
  row: TCompanyRoleRow;
  role: string;
  holders: number;
}

/**
 * Which roles each company's admins may hand out (availableUserRoles), one checkbox per company and role, saved at
 * once. Taking away a role some of the company's users hold asks first.
 */
export function CompanyRolesMatrix({ catalogue }: { catalogue: TRoleCatalogue }) {
  const { t } = useTranslation();
  const save = useUpdateCompanyRoles();
  const [search, setSearch] = useState('');
  const [removing, setRemoving] = useState<TPendingRemoval | null>(null);
  const roles = editableRolesOf(catalogue);
  const labelOf = (role: string) => t(catalogue.roles.find((r) => r.role === role)?.labelKey ?? role, { defaultValue: role });
  const allRows = useMemo(() => companyRowsOf(catalogue), [catalogue]);
  const needle = search.trim().toLowerCase();
  const rows = needle ? allRows.filter((r) => r.name.toLowerCase().includes(needle)) : allRows;

  const apply = (row: TCompanyRoleRow, role: string, on: boolean) =>
    save.mutate(
      { companyId: row.id, availableUserRoles: nextAvailableRoles({ catalogue, row, role, on }) },
      {
        onSuccess: () => toastSuccess(t('roles_saved', { company: row.name })),
        onError: (err) => toastError(err instanceof ApiError ? describeError(err.body, translateMessage) : t('roles_save_failed')),
        onSettled: () => setRemoving(null),
      },
    );

  const flip = (row: TCompanyRoleRow, role: string, on: boolean) => {
    const holders = row.roles[role]?.userCount ?? 0;
    if (!on && holders > 0) setRemoving({ row, role, holders });
    else apply(row, role, on);
  };
  const busyCell = save.isPending ? `${save.variables.companyId}:` : null;

  return (
    <Box component="section" aria-labelledby="company-roles-title" sx={{ display: 'flex', flexDirection: 'column', gap: 1.5 }} data-testid="company-roles">
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap' }}>
        <Box sx={{ flex: 1, minWidth: 240 }}>
          <Typography id="company-roles-title" variant="h6" component="h2">
            {t('roles_companies_title')}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {t('roles_companies_hint')}
          </Typography>
        </Box>
        <TextField
          size="small"
          type="search"
          label={t('roles_company_search')}
          value={search}
          onChange={(e) => setSearch(e.target.value)}
          slotProps={{ htmlInput: { 'data-testid': 'company-roles-search' } }}
        />
      </Box>
      <Paper variant="outlined">
        <TableContainer sx={{ maxHeight: 560 }}>
          <Table size="small" stickyHeader aria-labelledby="company-roles-title">
            <TableHead>
              <TableRow>
                <TableCell sx={{ minWidth: 180 }}>{t('roles_company')}</TableCell>
                {roles.map((role) => (
                  <TableCell key={role} align="center" sx={{ minWidth: 96 }}>
                    {labelOf(role)}
                  </TableCell>
                ))}
              </TableRow>
            </TableHead>
            <TableBody>
              {rows.length === 0 && (
                <TableRow>
                  <TableCell colSpan={roles.length + 1} align="center" sx={{ py: 4, color: 'text.secondary' }} data-testid="company-roles-empty">
                    {t('roles_companies_empty')}
                  </TableCell>
                </TableRow>
              )}
              {rows.map((row) => (
                <TableRow key={row.id} hover data-testid="company-roles-row" data-company-id={row.id}>
                  <TableCell component="th" scope="row">
                    <Link component={RouterLink} to={`/companies/${row.id}/general_data`}>
                      {row.name}
                    </Link>
                  </TableCell>
                  {roles.map((role) => {
                    const cell = row.roles[role];
                    return (
                      <TableCell key={role} align="center" padding="checkbox">
                        <Checkbox
                          size="small"
                          checked={cell?.assignable === true}
                          disabled={busyCell === `${row.id}:`}
                          onChange={(_e, on) => flip(row, role, on)}
                          slotProps={{
                            input: {
                              'aria-label': t('roles_cell_label', { company: row.name, role: labelOf(role) }),
                              'data-testid': `company-role-${row.id}-${role}`,
                            } as object,
                          }}
                        />
                        {cell && cell.userCount > 0 && (
                          <Typography
                            variant="caption"
                            color="text.secondary"
                            component="div"
                            sx={{ lineHeight: 1 }}
                            title={t('roles_user_count', { count: cell.userCount })}
                          >
                            {cell.userCount}
                          </Typography>
                        )}
                      </TableCell>
                    );
                  })}
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      </Paper>
      <ConfirmDialog
        open={removing !== null}
        title={t('roles_remove_title')}
        text={removing ? t('roles_remove_text', { count: removing.holders, company: removing.row.name, role: labelOf(removing.role) }) : ''}
        confirmLabel={t('roles_remove_confirm')}
        busy={save.isPending}
        onConfirm={() => removing && apply(removing.row, removing.role, false)}
        onClose={() => setRemoving(null)}
      />
    </Box>
  );
}
