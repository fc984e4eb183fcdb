import { useState } from 'react';
import Add from '@mui/icons-material/Add';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { TCompanyService } from '@cd/contracts/company-service';
import { formatCents } from '@cd/contracts/money';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { TableLoadingRows } from '../../../components/ui/table-loading-rows';
import { RowEditDeleteButtons } from '../../../components/ui/row-edit-delete-buttons';
import { toastSuccess } from '../../../lib/toast';
import { useDeleteCompanyService } from '../api/delete-company-service';
import { useCompanyServices } from '../api/get-company-services';
import { ServiceDialog } from './service-dialog';

/** general_data → services: the company's service catalogue. Admins add, edit and delete; others read. On narrow
 * screens the description moves under the title so the table fits without scrolling sideways. */
export function ServicesSection({ companyId, canEdit }: { companyId: number; canEdit: boolean }) {
  const { t } = useTranslation();
  const services = useCompanyServices(companyId);
  const remove = useDeleteCompanyService();
  // undefined: closed; null: adding; a service: editing it.
  const [editing, setEditing] = useState<TCompanyService | null | undefined>(undefined);
  const [toDelete, setToDelete] = useState<TCompanyService | null>(null);
  const columns = canEdit ? 5 : 4;

  const onDelete = () => {
    if (!toDelete) return;
    remove.mutate(
      { companyId, id: toDelete.id },
      {
        onSuccess: () => {
          toastSuccess(t('success'));
          setToDelete(null);
        },
      },
    );
  };

  return (
    <Paper variant="outlined" sx={{ mb: 3, overflow: 'hidden' }} data-testid="services">
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, p: { xs: 2, md: 3 }, pb: { xs: 1.5, md: 2 }, minHeight: 36 }}>
        <Typography variant="h6" component="h2" sx={{ fontWeight: 600, flex: 1 }}>
          {t('services')}
        </Typography>
        {canEdit && (
          <Button type="button" variant="outlined" startIcon={<Add />} onClick={() => setEditing(null)} data-testid="service-add">
            {t('service_add')}
          </Button>
        )}
      </Box>
      {services.isFetching && !services.isPending && <LinearProgress aria-label={t('loading')} sx={{ height: 2 }} />}
      {services.isError ? (
        <Alert
          severity="error"
          sx={{ mx: { xs: 2, md: 3 }, mb: 3 }}
          data-testid="services-error"
          action={
            <Button type="button" color="inherit" size="small" onClick={() => void services.refetch()}>
              {t('retry')}
            </Button>
          }
        >
          {t('services_load_failed')}
        </Alert>
      ) : (
        <TableContainer>
          <Table size="small" aria-label={t('services')} data-testid="services-table">
            <TableHead>
              <TableRow>
                <TableCell sx={{ pl: { md: 3 } }}>{t('service_title')}</TableCell>
                <TableCell sx={{ display: { xs: 'none', md: 'table-cell' } }}>{t('description')}</TableCell>
                <TableCell align="right">{t('service_duration')}</TableCell>
                <TableCell align="right" sx={{ pr: { md: canEdit ? 2 : 3 } }}>
                  {t('price')}
                </TableCell>
                {canEdit && (
                  <TableCell align="right" sx={{ pr: { md: 3 } }}>
                    {t('actions')}
                  </TableCell>
                )}
              </TableRow>
            </TableHead>
            <TableBody>
              {services.isPending && <TableLoadingRows columns={columns} testId="services-loading" />}
              {services.data?.length === 0 && (
                <TableRow>
                  <TableCell colSpan={columns} align="center" sx={{ py: 5, color: 'text.secondary' }} data-testid="services-empty">
                    {canEdit ? t('services_empty_admin') : t('services_empty')}
                  </TableCell>
                </TableRow>
              )}
              {services.data?.map((s) => (
                <TableRow key={s.id} data-testid={`service-row-${s.id}`} sx={{ '&:last-child td': { borderBottom: 0 }, '& td': { py: 1.25 } }}>
                  <TableCell sx={{ pl: { md: 3 }, fontWeight: 600, minWidth: 160, overflowWrap: 'anywhere' }} data-testid="service-title">
                    {s.title}
                    {s.description && (
                      <Typography variant="body2" color="text.secondary" sx={{ display: { xs: 'block', md: 'none' }, fontWeight: 400, mt: 0.25 }}>
                        {s.description}
                      </Typography>
                    )}
                  </TableCell>
                  <TableCell
                    sx={{ display: { xs: 'none', md: 'table-cell' }, color: 'text.secondary', whiteSpace: 'pre-line', overflowWrap: 'anywhere', maxWidth: 360 }}
                  >
                    {s.description}
                  </TableCell>
                  <TableCell align="right" sx={{ whiteSpace: 'nowrap' }} data-testid="service-duration">
                    {t('minutes_count', { count: s.duration })}
                  </TableCell>
                  <TableCell align="right" sx={{ whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums', pr: { md: canEdit ? 2 : 3 } }} data-testid="service-price">
                    {formatCents(s.price)}
                  </TableCell>
                  {canEdit && (
                    <TableCell align="right" sx={{ whiteSpace: 'nowrap', pr: { md: 2 } }}>
                      <RowEditDeleteButtons
                        name={s.title}
                        onEdit={() => setEditing(s)}
                        onDelete={() => setToDelete(s)}
                        testIds={{ edit: `service-edit-${s.id}`, delete: `service-delete-${s.id}` }}
                      />
                    </TableCell>
                  )}
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      )}
      {editing !== undefined && <ServiceDialog companyId={companyId} service={editing} onClose={() => setEditing(undefined)} />}
      <ConfirmDialog
        open={!!toDelete}
        title={t('service_delete')}
        text={t('service_delete_confirm', { title: toDelete?.title ?? '' })}
        confirmLabel={t('delete')}
        busy={remove.isPending}
        onConfirm={onDelete}
        onClose={() => setToDelete(null)}
      />
    </Paper>
  );
}
