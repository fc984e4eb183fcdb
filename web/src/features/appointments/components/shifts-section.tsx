import { useState } from 'react';
import Add from '@mui/icons-material/Add';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { TWorkingHours } from '@cd/contracts/appointment';
import { WORKING_HOURS_FETCH_ERROR } from '@cd/contracts/appointment-constants';
import { WEEKDAYS } from '@cd/contracts/company';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { RowEditDeleteButtons } from '../../../components/ui/row-edit-delete-buttons';
import { toastSuccess } from '../../../lib/toast';
import { useDeleteWorkingHours } from '../api/delete-working-hours';
import { useWorkingHours } from '../api/get-working-hours';
import { weeklyMinutes } from '../lib/shift-week';
import { ShiftWeekDialog, type TScheduleUser } from './shift-week-dialog';
import { ScheduleTableCard } from './schedule-table-card';

interface TProps {
  canEdit: boolean;
  /** The company's enabled users (for adding shifts). */
  users: readonly TScheduleUser[];
  /** `/api/users/{id}` of the people on vacation today. */
  awayToday: ReadonlySet<string>;
}

/** Shifts: per user a week (Mon..Sun) of intervals. Admins add, edit and remove; the appointments role reads. */
export function ShiftsSection({ canEdit, users, awayToday }: TProps) {
  const { t } = useTranslation();
  const hours = useWorkingHours();
  const remove = useDeleteWorkingHours();
  // undefined: closed; null: adding; a record: editing it.
  const [editing, setEditing] = useState<TWorkingHours | null | undefined>(undefined);
  const [toDelete, setToDelete] = useState<TWorkingHours | null>(null);
  const planned = new Set((hours.data ?? []).map((w) => w.user));
  const unplanned = users.filter((u) => !planned.has(`/api/users/${u.id}`));
  const columns = 2 + WEEKDAYS.length + (canEdit ? 1 : 0);

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

  const addButton = (
    <Tooltip title={hours.data && unplanned.length === 0 ? t('schedule_everyone_has_shifts') : ''}>
      <span>
        <Button
          type="button"
          variant="outlined"
          startIcon={<Add />}
          onClick={() => setEditing(null)}
          disabled={!hours.data || unplanned.length === 0}
          data-testid="shifts-add"
        >
          {t('schedule_shifts_add')}
        </Button>
      </span>
    </Tooltip>
  );

  return (
    <ScheduleTableCard
      testId="shifts"
      title={t('schedule_tab_shifts')}
      intro={
        <>
          <Typography variant="body2" color="text.secondary">
            {t('schedule_shifts_intro')}
          </Typography>
        </>
      }
      action={<>{canEdit && addButton}</>}
      query={hours}
      errorText={t(WORKING_HOURS_FETCH_ERROR)}
      emptyText={canEdit ? t('schedule_shifts_empty_admin') : t('schedule_shifts_empty')}
      columns={columns}
      tableSx={{ minWidth: 720 }}
      head={
        <>
          <TableCell sx={{ pl: { md: 3 } }}>{t('schedule_user')}</TableCell>
          {WEEKDAYS.map((d) => (
            <TableCell key={d} sx={{ px: 1 }}>
              <abbr title={t(`weekday_${d}`)} style={{ textDecoration: 'none' }}>
                {t(`schedule_weekday_short_${d}`)}
              </abbr>
            </TableCell>
          ))}
          <TableCell align="right" sx={{ px: 1, whiteSpace: 'nowrap' }}>
            {t('schedule_hours_per_week')}
          </TableCell>
          {canEdit && (
            <TableCell align="right" sx={{ pr: { md: 3 } }}>
              {t('actions')}
            </TableCell>
          )}
        </>
      }
      rows={
        <>
          {hours.data?.map((w) => (
            <TableRow key={w.id} data-testid={`shifts-row-${w.id}`} sx={{ '&:last-child td': { borderBottom: 0 }, '& td': { py: 1.25, verticalAlign: 'top' } }}>
              <TableCell sx={{ pl: { md: 3 }, fontWeight: 600, minWidth: 140, overflowWrap: 'anywhere' }}>
                {w.userName}
                {awayToday.has(w.user) && (
                  <Chip size="small" color="warning" variant="outlined" label={t('schedule_on_vacation_today')} sx={{ ml: 1, mt: 0.25 }} />
                )}
              </TableCell>
              {WEEKDAYS.map((d) => (
                <TableCell key={d} sx={{ px: 1, whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' }} data-testid={`shifts-${w.id}-${d}`}>
                  {w.days[d].length === 0 ? (
                    <Typography variant="body2" color="text.disabled" component="span" aria-label={t('schedule_day_off')}>
                      —
                    </Typography>
                  ) : (
                    w.days[d].map((s) => (
                      <Box key={`${s.startsAt}-${s.endsAt}`} component="span" sx={{ display: 'block' }}>
                        {s.startsAt}–{s.endsAt}
                      </Box>
                    ))
                  )}
                </TableCell>
              ))}
              <TableCell align="right" sx={{ px: 1, whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' }}>
                {t('schedule_hours_count', { count: Math.round((weeklyMinutes(w.days) / 60) * 10) / 10 })}
              </TableCell>
              {canEdit && (
                <TableCell align="right" sx={{ whiteSpace: 'nowrap', pr: { md: 2 } }}>
                  <RowEditDeleteButtons
                    name={w.userName}
                    onEdit={() => setEditing(w)}
                    onDelete={() => setToDelete(w)}
                    testIds={{ edit: `shifts-edit-${w.id}`, delete: `shifts-delete-${w.id}` }}
                  />
                </TableCell>
              )}
            </TableRow>
          ))}
        </>
      }
    >
      {editing !== undefined && <ShiftWeekDialog record={editing} users={unplanned} onClose={() => setEditing(undefined)} />}
      <ConfirmDialog
        open={!!toDelete}
        title={t('schedule_shifts_delete')}
        text={t('schedule_shifts_delete_confirm', { name: toDelete?.userName ?? '' })}
        confirmLabel={t('delete')}
        busy={remove.isPending}
        onConfirm={onDelete}
        onClose={() => setToDelete(null)}
      />
    </ScheduleTableCard>
  );
}
