import DeleteOutline from '@mui/icons-material/DeleteOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TReminder } from '@cd/contracts/reminders';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { formatDateTime } from '../../../lib/format';
import { useNow } from '../../../lib/use-now';
import { useDeleteReminder } from '../api/delete-reminder';
import { useOpenReminders } from '../api/get-reminders';
import { useUpdateReminder } from '../api/update-reminder';
import { ReminderForm } from './reminder-form';

function ReminderRow(props: { reminder: TReminder; overdue: boolean; onDelete: () => void }) {
  const { t } = useTranslation();
  const update = useUpdateReminder();
  const { reminder, overdue } = props;
  return (
    <ListItem
      disableGutters
      data-testid="reminder-row"
      data-overdue={overdue ? 'true' : 'false'}
      secondaryAction={
        <IconButton edge="end" aria-label={t('delete')} onClick={props.onDelete} data-testid="reminder-delete" sx={{ displayPrint: 'none' }}>
          <DeleteOutline />
        </IconButton>
      }
      sx={{ alignItems: 'flex-start', pr: 5, borderLeft: 3, borderColor: overdue ? 'error.main' : 'transparent', pl: 1 }}
    >
      <Checkbox
        edge="start"
        checked={false}
        disabled={update.isPending}
        onChange={() => update.mutate({ id: reminder.id, patch: { done: true } })}
        slotProps={{ input: { 'aria-label': t('dashboard_reminder_mark_done'), 'data-testid': 'reminder-done' } as object }}
        sx={{ mt: -0.75 }}
      />
      <Box sx={{ minWidth: 0 }}>
        <Typography variant="body2" sx={{ overflowWrap: 'anywhere', whiteSpace: 'pre-wrap' }}>
          {reminder.text}
        </Typography>
        <Typography variant="caption" color={overdue ? 'error.main' : 'text.secondary'} sx={{ fontWeight: overdue ? 600 : undefined }}>
          {overdue ? t('dashboard_reminder_overdue', { when: formatDateTime(reminder.dueAt) }) : formatDateTime(reminder.dueAt)}
          {reminder.customerName ? ` · ${reminder.customerName}` : ''}
        </Typography>
      </Box>
    </ListItem>
  );
}

/** The signed-in manager's own open reminders: add, mark done, delete (after a confirmation); overdue ones stand out. */
export function RemindersCard() {
  const { t } = useTranslation();
  const reminders = useOpenReminders();
  const remove = useDeleteReminder();
  const now = useNow(30_000);
  const [deleting, setDeleting] = useState<TReminder | null>(null);

  return (
    <Paper
      variant="outlined"
      sx={{ p: 2, display: 'flex', flexDirection: 'column', gap: 1.5, gridColumn: '1 / -1', breakInside: 'avoid' }}
      data-testid="dashboard-reminders"
    >
      <Typography variant="subtitle2" component="h2" sx={{ fontWeight: 700 }}>
        {t('dashboard_reminders')}
      </Typography>
      <ReminderForm />
      {reminders.isError ? (
        <Alert
          severity="error"
          data-testid="reminders-error"
          action={
            <Button color="inherit" size="small" onClick={() => void reminders.refetch()}>
              {t('retry')}
            </Button>
          }
        >
          {t('dashboard_reminders_failed')}
        </Alert>
      ) : !reminders.data ? (
        <Skeleton variant="rounded" height={56} />
      ) : reminders.data.length === 0 ? (
        <Typography variant="body2" color="text.secondary" data-testid="reminders-empty">
          {t('dashboard_reminders_empty')}
        </Typography>
      ) : (
        <List dense disablePadding>
          {reminders.data.map((r) => (
            <ReminderRow key={r.id} reminder={r} overdue={Date.parse(r.dueAt) < now.getTime()} onDelete={() => setDeleting(r)} />
          ))}
        </List>
      )}
      <ConfirmDialog
        open={deleting !== null}
        title={t('dashboard_reminder_delete_title')}
        text={deleting?.text ?? ''}
        confirmLabel={t('delete')}
        busy={remove.isPending}
        onClose={() => setDeleting(null)}
        onConfirm={() => deleting && remove.mutate({ id: deleting.id }, { onSuccess: () => setDeleting(null) })}
      />
    </Paper>
  );
}
