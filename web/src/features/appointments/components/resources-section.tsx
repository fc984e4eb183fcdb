import { useState } from 'react';
import Add from '@mui/icons-material/Add';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { TAppointmentResource } from '@cd/contracts/appointment';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { RowEditDeleteButtons } from '../../../components/ui/row-edit-delete-buttons';
import { toastSuccess } from '../../../lib/toast';
import { useDeleteAppointmentResource } from '../api/delete-appointment-resource';
import { useAppointmentResources } from '../api/get-appointment-resources';
import { useCompanyServices } from '../api/get-company-services';
import { ResourceDialog } from './resource-dialog';
import { ScheduleTableCard } from './schedule-table-card';

/** Shared resources: bays, loaner cars… with how many appointments may use each at once and the services needing them. */
export function ResourcesSection({ canEdit }: { canEdit: boolean }) {
  const { t } = useTranslation();
  const resources = useAppointmentResources();
  const services = useCompanyServices();
  const remove = useDeleteAppointmentResource();
  const [editing, setEditing] = useState<TAppointmentResource | null | undefined>(undefined);
  const [toDelete, setToDelete] = useState<TAppointmentResource | null>(null);
  const titleOf = new Map((services.data ?? []).map((s) => [`/api/company_services/${s.id}`, s.title]));
  const columns = canEdit ? 5 : 4;

  const onDelete = () => {
    if (!toDelete) return;
    remove.mutate(
      { id: toDelete.id },
      {
        onSuccess: () => {
          toastSuccess(t('success'));
          setToDelete(null);
        },
      },
    );
  };

  return (
    <ScheduleTableCard
      testId="resources"
      title={t('schedule_tab_resources')}
      intro={
        <>
          <Typography variant="body2" color="text.secondary">
            {t('schedule_resources_intro')}
          </Typography>
        </>
      }
      action={
        <>
          {canEdit && (
            <Button type="button" variant="outlined" startIcon={<Add />} onClick={() => setEditing(null)} data-testid="resources-add">
              {t('schedule_resource_add')}
            </Button>
          )}
        </>
      }
      query={resources}
      errorText={t('schedule_resources_load_failed')}
      emptyText={canEdit ? t('schedule_resources_empty_admin') : t('schedule_resources_empty')}
      columns={columns}
      head={
        <>
          <TableCell sx={{ pl: { md: 3 } }}>{t('schedule_resource_name')}</TableCell>
          <TableCell>{t('schedule_resource_kind')}</TableCell>
          <TableCell align="right">{t('schedule_resource_capacity')}</TableCell>
          <TableCell sx={{ display: { xs: 'none', sm: 'table-cell' } }}>{t('schedule_resource_services')}</TableCell>
          {canEdit && (
            <TableCell align="right" sx={{ pr: { md: 3 } }}>
              {t('actions')}
            </TableCell>
          )}
        </>
      }
      rows={
        <>
          {resources.data?.map((r) => (
            <TableRow key={r.id} data-testid={`resource-row-${r.id}`} sx={{ '&:last-child td': { borderBottom: 0 }, '& td': { py: 1.25 } }}>
              <TableCell sx={{ pl: { md: 3 }, fontWeight: 600, overflowWrap: 'anywhere' }}>{r.name}</TableCell>
              <TableCell>{t(`schedule_resource_kind_${r.kind}`)}</TableCell>
              <TableCell align="right" sx={{ fontVariantNumeric: 'tabular-nums' }}>
                {r.capacity}
              </TableCell>
              <TableCell sx={{ display: { xs: 'none', sm: 'table-cell' } }}>
                {r.services.length === 0 ? (
                  <Typography variant="body2" color="text.secondary">
                    {t('schedule_resource_no_service_needs')}
                  </Typography>
                ) : (
                  <Box sx={{ display: 'flex', gap: 0.5, flexWrap: 'wrap' }}>
                    {r.services.map((iri) => (
                      <Chip key={iri} size="small" label={titleOf.get(iri) ?? '…'} />
                    ))}
                  </Box>
                )}
              </TableCell>
              {canEdit && (
                <TableCell align="right" sx={{ whiteSpace: 'nowrap', pr: { md: 2 } }}>
                  <RowEditDeleteButtons
                    name={r.name}
                    onEdit={() => setEditing(r)}
                    onDelete={() => setToDelete(r)}
                    testIds={{ edit: `resource-edit-${r.id}`, delete: `resource-delete-${r.id}` }}
                  />
                </TableCell>
              )}
            </TableRow>
          ))}
        </>
      }
    >
      {editing !== undefined && <ResourceDialog resource={editing} services={services.data ?? []} onClose={() => setEditing(undefined)} />}
      <ConfirmDialog
        open={!!toDelete}
        title={t('schedule_resource_delete')}
        text={t('schedule_resource_delete_confirm', { name: toDelete?.name ?? '' })}
        confirmLabel={t('delete')}
        busy={remove.isPending}
        onConfirm={onDelete}
        onClose={() => setToDelete(null)}
      />
    </ScheduleTableCard>
  );
}
