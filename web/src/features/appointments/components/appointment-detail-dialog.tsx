import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import Close from '@mui/icons-material/Close';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTheme } from '@mui/material/styles';
import { useTranslation } from 'react-i18next';
import type { TAppointment } from '@cd/contracts/appointment';
import { APPOINTMENT_NOTES_MAX, type TAppointmentAction } from '@cd/contracts/appointment-constants';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { formatPhone } from '../../../lib/format';
import { useIsMobile } from '../../../lib/use-is-mobile';
import { useAppointmentAction } from '../api/run-appointment-action';
import { useUpdateAppointment } from '../api/update-appointment';
import { conflictMessageKeyOf } from '../lib/appointment-errors';
import {
  allowedActionsOf,
  customerLabelOf,
  idOfIri,
  isAppointmentEditable,
  isDestructiveAction,
  statusColorOf,
  type TAssigneeOption,
} from '../lib/appointment-view';
import { formatZonedDate, formatZonedTime } from '../lib/schedule-view';

/** Colours of the action buttons: the status each leads to. */
const ACTION_COLOR: Record<TAppointmentAction, 'success' | 'error' | 'inherit' | 'info' | 'secondary'> = {
  confirm: 'success',
  deny: 'error',
  cancel: 'error',
  complete: 'info',
  miss: 'secondary',
};

const ANYONE = '';

function Field({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '120px 1fr' }, gap: { xs: 0, sm: 2 }, alignItems: 'baseline' }}>
      <Typography variant="body2" color="text.secondary">
        {label}
      </Typography>
      <Typography variant="body2" component="div" sx={{ minWidth: 0, overflowWrap: 'anywhere' }}>
        {children}
      </Typography>
    </Box>
  );
}

/**
 * One appointment: who, when, what, the actions §4 allows from its status (deny and cancel asked first), and its notes
 * and assignee while it is active. A conflict shows the spec's message; the calendar behind follows the change.
 */
export function AppointmentDetailDialog(props: { appointment: TAppointment | null; timeZone: string; assignees: TAssigneeOption[]; onClose: () => void }) {
  const { appointment: a } = props;
  const mobile = useIsMobile();
  return (
    <Dialog
      open={a !== null}
      onClose={props.onClose}
      fullWidth
      maxWidth="sm"
      fullScreen={mobile}
      aria-labelledby="appointment-detail-title"
      data-testid="appointment-detail"
    >
      {/* Keyed by id: edits in progress belong to one appointment. */}
      {a && <DetailBody key={a.id} {...props} appointment={a} />}
    </Dialog>
  );
}

function DetailBody({
  appointment: a,
  timeZone,
  assignees,
  onClose,
}: {
  appointment: TAppointment;
  timeZone: string;
  assignees: TAssigneeOption[];
  onClose: () => void;
}) {
  const { t, i18n } = useTranslation();
  const theme = useTheme();
  const lang = i18n.language;
  const action = useAppointmentAction();
  const update = useUpdateAppointment();
  const [asking, setAsking] = useState<TAppointmentAction | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [notes, setNotes] = useState(a.notes);
  const [assignee, setAssignee] = useState(a.assignee ?? ANYONE);

  const editable = isAppointmentEditable(a.status);
  const actions = allowedActionsOf(a.status);
  const busy = action.isPending || update.isPending;
  const color = statusColorOf({ palette: theme.palette, status: a.status });
  const customerId = idOfIri(a.customer);
  const customer = customerLabelOf(a) || t('appointments_unnamed_customer');
  const options =
    a.assignee && !assignees.some((o) => o.iri === a.assignee) ? [...assignees, { iri: a.assignee, name: a.assigneeName ?? a.assignee }] : assignees;

  const run = (act: TAppointmentAction) => {
    setError(null);
    action.mutate(
      { id: a.id, action: act },
      {
        onSettled: () => setAsking(null),
        onError: (err) => {
          const key = conflictMessageKeyOf({ error: err, kind: 'action' });
          setError(key ? t(key) : err.message || t('appointments_action_failed'));
        },
      },
    );
  };

  const save = (patch: { notes?: string; assignee?: number | null }) => {
    setError(null);
    update.mutate(
      { id: a.id, patch },
      {
        onError: (err) => {
          const key = conflictMessageKeyOf({ error: err, kind: 'move' });
          setError(key ? t(key) : err.message || t('appointments_action_failed'));
        },
      },
    );
  };

  return (
    <>
      <DialogTitle id="appointment-detail-title" sx={{ display: 'flex', alignItems: 'center', gap: 1, pr: 6 }}>
        <Box component="span" sx={{ flex: 1, minWidth: 0, overflowWrap: 'anywhere' }}>
          {customer}
        </Box>
        <Chip
          size="small"
          label={t(`appointment_status_${a.status}`)}
          sx={{ bgcolor: color.background, color: color.text, fontWeight: 600 }}
          data-testid="appointment-detail-status"
        />
        <IconButton aria-label={t('close')} onClick={onClose} sx={{ position: 'absolute', right: 8, top: 10 }}>
          <Close />
        </IconButton>
      </DialogTitle>
      <DialogContent sx={{ display: 'flex', flexDirection: 'column', gap: 1.25 }}>
        {error && (
          <Alert severity="error" onClose={() => setError(null)} data-testid="appointment-detail-error">
            {error}
          </Alert>
        )}
        <Field label={t('appointments_when')}>
          {formatZonedDate({ instant: a.startsAt, timeZone, language: lang })}, {formatZonedTime({ instant: a.startsAt, timeZone, language: lang })} –{' '}
          {formatZonedTime({ instant: a.endsAt, timeZone, language: lang })}
        </Field>
        <Field label={t('appointments_customer')}>
          {customerId ? (
            <Link component={RouterLink} to={`/communication/${customerId}/messenger`} data-testid="appointment-detail-customer">
              {customer}
            </Link>
          ) : (
            customer
          )}
          {a.source === 'customer' && <Chip size="small" variant="outlined" label={t('appointments_booked_by_customer')} sx={{ ml: 1 }} />}
        </Field>
        {a.customerPhone && (
          <Field label={t('phone')}>
            <Link href={`tel:${a.customerPhone}`}>{formatPhone(a.customerPhone)}</Link>
          </Field>
        )}
        {a.vehicleLabel && <Field label={t('appointments_vehicle')}>{a.vehicleLabel}</Field>}
        <Field label={t('appointments_services')}>{a.services.map((s) => `${s.title} (${t('minutes_count', { count: s.duration })})`).join(', ')}</Field>
        {a.resources.length > 0 && <Field label={t('appointments_resources')}>{a.resources.map((r) => r.name).join(', ')}</Field>}
        {editable ? (
          <Box sx={{ display: 'flex', gap: 1, alignItems: 'flex-start', mt: 1 }}>
            <TextField
              select
              size="small"
              fullWidth
              label={t('appointments_assignee')}
              value={assignee}
              onChange={(e) => setAssignee(e.target.value)}
              disabled={busy}
              slotProps={{ htmlInput: { 'data-testid': 'appointment-detail-assignee' }, select: { displayEmpty: true }, inputLabel: { shrink: true } }}
            >
              <MenuItem value={ANYONE}>{t('appointments_anyone_free')}</MenuItem>
              {options.map((o) => (
                <MenuItem key={o.iri} value={o.iri}>
                  {o.name}
                </MenuItem>
              ))}
            </TextField>
            <Button
              variant="outlined"
              disabled={busy || assignee === (a.assignee ?? ANYONE)}
              onClick={() => save({ assignee: assignee === ANYONE ? null : idOfIri(assignee) })}
              data-testid="appointment-detail-save-assignee"
            >
              {t('save')}
            </Button>
          </Box>
        ) : (
          <Field label={t('appointments_assignee')}>{a.assigneeName ?? '—'}</Field>
        )}
        {editable ? (
          <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1 }}>
            <TextField
              label={t('appointments_notes')}
              multiline
              minRows={2}
              maxRows={8}
              value={notes}
              onChange={(e) => setNotes(e.target.value)}
              disabled={busy}
              slotProps={{ htmlInput: { maxLength: APPOINTMENT_NOTES_MAX, 'data-testid': 'appointment-detail-notes' } }}
            />
            {notes !== a.notes && (
              <Box sx={{ display: 'flex', gap: 1, justifyContent: 'flex-end' }}>
                <Button onClick={() => setNotes(a.notes)} disabled={busy}>
                  {t('cancel')}
                </Button>
                <Button variant="outlined" onClick={() => save({ notes })} disabled={busy} data-testid="appointment-detail-save-notes">
                  {t('save')}
                </Button>
              </Box>
            )}
          </Box>
        ) : (
          a.notes && <Field label={t('appointments_notes')}>{a.notes}</Field>
        )}
      </DialogContent>
      {actions.length > 0 && (
        <DialogActions sx={{ px: 3, pb: 2, flexWrap: 'wrap', gap: 1, '& > :not(style) ~ :not(style)': { ml: 0 } }}>
          {actions.map((act) => (
            <Button
              key={act}
              variant={act === 'confirm' || act === 'complete' ? 'contained' : 'outlined'}
              color={ACTION_COLOR[act]}
              disabled={busy}
              startIcon={action.isPending && action.variables?.action === act ? <CircularProgress size={16} color="inherit" /> : undefined}
              onClick={() => (isDestructiveAction(act) ? setAsking(act) : run(act))}
              data-testid={`appointment-action-${act}`}
            >
              {t(`appointment_action_${act}`)}
            </Button>
          ))}
        </DialogActions>
      )}
      <ConfirmDialog
        open={asking !== null}
        title={asking ? t(`appointment_${asking}_title`) : ''}
        text={asking ? t(`appointment_${asking}_text`, { name: customer }) : ''}
        confirmLabel={asking ? t(`appointment_action_${asking}`) : undefined}
        busy={action.isPending}
        onConfirm={() => asking && run(asking)}
        onClose={() => setAsking(null)}
      />
    </>
  );
}
