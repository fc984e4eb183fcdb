import { useState } from 'react';
import Add from '@mui/icons-material/Add';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import Switch from '@mui/material/Switch';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { TVacation } from '@cd/contracts/appointment';
import { WORKING_HOURS_FETCH_ERROR } from '@cd/contracts/appointment-constants';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { RowEditDeleteButtons } from '../../../components/ui/row-edit-delete-buttons';
import { toastSuccess } from '../../../lib/toast';
import { useDeleteVacation } from '../api/delete-vacation';
import { useVacations } from '../api/get-vacations';
import { localeOf } from '../../../lib/date-locale';
import { vacationLength } from '../lib/vacation-form';
import type { TScheduleUser } from './shift-week-dialog';
import { VacationDialog } from './vacation-dialog';
import { ScheduleTableCard } from './schedule-table-card';

interface TProps {
  canEdit: boolean;
  users: readonly TScheduleUser[];
  /** Today in the company's calendar (`YYYY-MM-DD`). */
  today: string;
  language: string;
}

/** "Tue, Dec 1, 2026" of a calendar day (already the company's: no time zone involved). */
function formatDayLong(day: string, language: string): string {
  return new Intl.DateTimeFormat(localeOf(language), { timeZone: 'UTC', weekday: 'short', year: 'numeric', month: 'short', day: 'numeric' }).format(
    new Date(`${day}T00:00:00Z`),
  );
}

/** Vacations: who is off, from the first to the last day. Current and coming ones by default; past ones on demand. */
export function VacationsSection({ canEdit, users, today, language }: TProps) {
  const { t } = useTranslation();
  const [showPast, setShowPast] = useState(false);
  const vacations = useVacations(showPast ? {} : { from: today });
  const remove = useDeleteVacation();
  const [editing, setEditing] = useState<TVacation | null | undefined>(undefined);
  const [toDelete, setToDelete] = useState<TVacation | null>(null);
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
      testId="vacations"
      title={t('schedule_tab_vacations')}
      intro={
        <>
          <FormControlLabel
            control={
              <Switch
                size="small"
                checked={showPast}
                onChange={(e) => setShowPast(e.target.checked)}
                slotProps={{ input: { 'data-testid': 'vacations-show-past' } as object }}
              />
            }
            label={<Typography variant="body2">{t('schedule_vacations_show_past')}</Typography>}
            sx={{ ml: -0.5 }}
          />
        </>
      }
      action={
        <>
          {canEdit && (
            <Button
              type="button"
              variant="outlined"
              startIcon={<Add />}
              onClick={() => setEditing(null)}
              disabled={users.length === 0}
              data-testid="vacations-add"
            >
              {t('schedule_vacation_add')}
            </Button>
          )}
        </>
      }
      query={vacations}
      errorText={t(WORKING_HOURS_FETCH_ERROR)}
      emptyText={canEdit ? t('schedule_vacations_empty_admin') : t('schedule_vacations_empty')}
      columns={columns}
      head={
        <>
          <TableCell sx={{ pl: { md: 3 } }}>{t('schedule_user')}</TableCell>
          <TableCell>{t('schedule_vacation_from')}</TableCell>
          <TableCell>{t('schedule_vacation_to')}</TableCell>
          <TableCell sx={{ display: { xs: 'none', sm: 'table-cell' } }}>{t('schedule_vacation_note')}</TableCell>
          {canEdit && (
            <TableCell align="right" sx={{ pr: { md: 3 } }}>
              {t('actions')}
            </TableCell>
          )}
        </>
      }
      rows={
        <>
          {vacations.data?.map((v) => {
            const current = v.from <= today && today <= v.to;
            return (
              <TableRow key={v.id} data-testid={`vacation-row-${v.id}`} sx={{ '&:last-child td': { borderBottom: 0 }, '& td': { py: 1.25 } }}>
                <TableCell sx={{ pl: { md: 3 }, fontWeight: 600, overflowWrap: 'anywhere' }}>
                  {v.userName}
                  <Typography variant="body2" color={current ? 'warning.main' : 'text.secondary'} sx={{ fontWeight: 400 }}>
                    {current ? t('schedule_vacation_now', { count: vacationLength(v) }) : t('schedule_days_count', { count: vacationLength(v) })}
                  </Typography>
                </TableCell>
                <TableCell sx={{ whiteSpace: 'nowrap' }} data-testid="vacation-from">
                  {formatDayLong(v.from, language)}
                </TableCell>
                <TableCell sx={{ whiteSpace: 'nowrap' }} data-testid="vacation-to">
                  {formatDayLong(v.to, language)}
                </TableCell>
                <TableCell sx={{ display: { xs: 'none', sm: 'table-cell' }, color: 'text.secondary', overflowWrap: 'anywhere', maxWidth: 320 }}>
                  {v.note}
                </TableCell>
                {canEdit && (
                  <TableCell align="right" sx={{ whiteSpace: 'nowrap', pr: { md: 2 } }}>
                    <RowEditDeleteButtons
                      name={v.userName}
                      onEdit={() => setEditing(v)}
                      onDelete={() => setToDelete(v)}
                      testIds={{ edit: `vacation-edit-${v.id}`, delete: `vacation-delete-${v.id}` }}
                    />
                  </TableCell>
                )}
              </TableRow>
            );
          })}
        </>
      }
    >
      {editing !== undefined && <VacationDialog vacation={editing} users={users} today={today} onClose={() => setEditing(undefined)} />}
      <ConfirmDialog
        open={!!toDelete}
        title={t('schedule_vacation_delete')}
        text={t('schedule_vacation_delete_confirm', {
          name: toDelete?.userName ?? '',
          from: toDelete ? formatDayLong(toDelete.from, language) : '',
          to: toDelete ? formatDayLong(toDelete.to, language) : '',
        })}
        confirmLabel={t('delete')}
        busy={remove.isPending}
        onConfirm={onDelete}
        onClose={() => setToDelete(null)}
      />
    </ScheduleTableCard>
  );
}
