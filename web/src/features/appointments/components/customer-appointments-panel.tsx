import { useState } from 'react';
import Add from '@mui/icons-material/Add';
import CalendarMonth from '@mui/icons-material/CalendarMonthOutlined';
import Close from '@mui/icons-material/Close';
import LinkIcon from '@mui/icons-material/Link';
import NotificationsActive from '@mui/icons-material/NotificationsActiveOutlined';
import Alert from '@mui/material/Alert';
import Badge from '@mui/material/Badge';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import ButtonBase from '@mui/material/ButtonBase';
import Chip from '@mui/material/Chip';
import Drawer from '@mui/material/Drawer';
import Fab from '@mui/material/Fab';
import IconButton from '@mui/material/IconButton';
import Skeleton from '@mui/material/Skeleton';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useTheme } from '@mui/material/styles';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import type { TAppointment } from '@cd/contracts/appointment';
import type { TCustomer } from '@cd/contracts/customer';
import { localDayOf } from '@cd/contracts/survey-dates';
import { ApiError } from '../../../lib/api-client';
import { useCurrentUser } from '../../../lib/current-user';
import { translateMessage } from '../../../lib/i18n';
import { toastSuccess } from '../../../lib/toast';
import { useIsMobile } from '../../../lib/use-is-mobile';
import { useNow } from '../../../lib/use-now';
import { useCustomerAppointments } from '../api/get-customer-appointments';
import { useSendAppointmentReminder } from '../api/send-appointment-reminder';
import { useSendBookingLink } from '../api/send-booking-link';
import { useAppointmentsCompany } from '../hooks/use-appointments-company';
import { isModuleOffError } from '../lib/appointment-errors';
import { servicesLabelOf, statusColorOf } from '../lib/appointment-view';
import { calendarPathOf, canReachAppointments, hasReminderTarget, RECENT_SHOWN, splitCustomerAppointments } from '../lib/customer-appointments';
import { formatZonedDate, formatZonedTime } from '../lib/schedule-view';
import { AppointmentCreateDialog } from './appointment-create-dialog';
import { AsideRail } from '../../../components/ui/aside-rail';

const DRAWER_WIDTH = 380;

/** The server's 409 message key (why nothing was sent), else null. */
function conflictOf(err: unknown): string | null {
  if (!(err instanceof ApiError) || err.status !== 409) return null;
  const body = (err.body ?? {}) as { detail?: unknown };
  return typeof body.detail === 'string' ? body.detail : err.message;
}

function AppointmentCard({ appointment: a, timeZone }: { appointment: TAppointment; timeZone: string }) {
  const { t, i18n } = useTranslation();
  const theme = useTheme();
  const color = statusColorOf({ palette: theme.palette, status: a.status });
  const lang = i18n.language;
  const details = [servicesLabelOf(a), a.vehicleLabel, a.assigneeName].filter(Boolean).join(' · ');
  return (
    <ButtonBase
      component={RouterLink}
      to={calendarPathOf(localDayOf({ instant: new Date(a.startsAt), timeZone }))}
      title={t('customer_appointments_open_in_calendar')}
      data-testid="customer-appointment"
      data-status={a.status}
      sx={{
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'stretch',
        textAlign: 'left',
        gap: 0.5,
        p: 1.25,
        borderRadius: 1.5,
        border: 1,
        borderColor: 'divider',
        borderLeft: 4,
        borderLeftColor: color.background,
        '&:hover': { bgcolor: 'action.hover' },
        '&.Mui-focusVisible': { outline: 2, outlineColor: 'primary.main' },
      }}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
        <Typography variant="body2" sx={{ fontWeight: 700, flex: 1, minWidth: 0 }} noWrap>
          {formatZonedDate({ instant: a.startsAt, timeZone, language: lang })}
        </Typography>
        <Chip size="small" label={t(`appointment_status_${a.status}`)} sx={{ bgcolor: color.background, color: color.text, fontWeight: 600, height: 22 }} />
      </Box>
      <Typography variant="body2">
        {formatZonedTime({ instant: a.startsAt, timeZone, language: lang })} – {formatZonedTime({ instant: a.endsAt, timeZone, language: lang })}
      </Typography>
      {details && (
        <Typography variant="caption" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
          {details}
        </Typography>
      )}
    </ButtonBase>
  );
}

function Section(props: { title: string; count?: number; children: React.ReactNode; testId: string }) {
  return (
    <Box component="section" sx={{ mb: 2 }} data-testid={props.testId}>
      <Typography variant="overline" color="text.secondary" component="h3" sx={{ fontWeight: 700, display: 'block', lineHeight: 2 }}>
        {props.title} {props.count !== undefined ? `(${props.count})` : ''}
      </Typography>
      <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1 }}>{props.children}</Box>
    </Box>
  );
}

function Empty({ text }: { text: string }) {
  return (
    <Typography variant="body2" color="text.secondary" sx={{ fontStyle: 'italic' }}>
      {text}
    </Typography>
  );
}

function PanelContent({ customer, onClose }: { customer: TCustomer; onClose: () => void }) {
  const { t } = useTranslation();
  const now = useNow(60_000);
  const { zone } = useAppointmentsCompany();
  const timeZone = zone.data?.timezone ?? Intl.DateTimeFormat().resolvedOptions().timeZone;
  const query = useCustomerAppointments(customer.id);
  const reminder = useSendAppointmentReminder();
  const bookingLink = useSendBookingLink();
  const [creating, setCreating] = useState(false);
  const [showAll, setShowAll] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);
  const { upcoming, recent } = splitCustomerAppointments({ appointments: query.data ?? [], now });
  const canRemind = query.data ? hasReminderTarget({ appointments: query.data, now }) : true;
  const name = customer.name || [customer.firstName, customer.lastName].filter(Boolean).join(' ') || customer.phone || '';

  const onConflict = (err: unknown) => {
    const key = conflictOf(err);
    if (key) setNotice(translateMessage(key));
  };
  const sendReminder = () => {
    setNotice(null);
    reminder.mutate({ customerId: customer.id }, { onSuccess: () => toastSuccess(t('customer_appointments_reminder_sent')), onError: onConflict });
  };
  const sendLink = () => {
    setNotice(null);
    bookingLink.mutate(
      { customerId: customer.id },
      {
        onSuccess: (r) => toastSuccess(t(r.messageStatus === 'blocked' ? 'customer_appointments_link_blocked' : 'customer_appointments_link_sent')),
        onError: onConflict,
      },
    );
  };

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', height: '100%', minHeight: 0 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, px: 1.5, py: 1, borderBottom: 1, borderColor: 'divider', minHeight: 56 }}>
        <CalendarMonth fontSize="small" color="action" />
        <Typography variant="subtitle2" component="h2" noWrap sx={{ fontWeight: 700, flex: 1, minWidth: 0 }}>
          {t('customer_appointments_title')}
        </Typography>
        <Tooltip title={t('close')}>
          <IconButton size="small" onClick={onClose} aria-label={t('close')} data-testid="customer-appointments-close">
            <Close />
          </IconButton>
        </Tooltip>
      </Box>
      <Box sx={{ flex: 1, minHeight: 0, overflowY: 'auto', p: 1.5, display: 'flex', flexDirection: 'column', gap: 1 }}>
        <Button variant="contained" startIcon={<Add />} onClick={() => setCreating(true)} data-testid="customer-appointments-book">
          {t('customer_appointments_book')}
        </Button>
        <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1 }}>
          <Tooltip title={canRemind ? t('customer_appointments_reminder_hint') : t('customer_appointments_no_reminder_target')}>
            <Box component="span" sx={{ display: 'flex' }}>
              <Button
                fullWidth
                size="small"
                variant="outlined"
                startIcon={<NotificationsActive />}
                onClick={sendReminder}
                disabled={!canRemind}
                loading={reminder.isPending}
                data-testid="customer-appointments-remind"
              >
                {t('customer_appointments_send_reminder')}
              </Button>
            </Box>
          </Tooltip>
          <Tooltip title={t('customer_appointments_link_hint')}>
            <Box component="span" sx={{ display: 'flex' }}>
              <Button
                fullWidth
                size="small"
                variant="outlined"
                startIcon={<LinkIcon />}
                onClick={sendLink}
                loading={bookingLink.isPending}
                data-testid="customer-appointments-send-link"
              >
                {t('customer_appointments_send_link')}
              </Button>
            </Box>
          </Tooltip>
        </Box>
        {notice && (
          <Alert severity="warning" onClose={() => setNotice(null)} data-testid="customer-appointments-notice">
            {notice}
          </Alert>
        )}
        <Box sx={{ mt: 1 }}>
          {query.isPending ? (
            <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1 }} data-testid="customer-appointments-loading">
              <Skeleton variant="rounded" height={72} />
              <Skeleton variant="rounded" height={72} />
            </Box>
          ) : query.isError ? (
            <Alert
              severity="error"
              data-testid="customer-appointments-error"
              action={
                <Button color="inherit" size="small" onClick={() => void query.refetch()}>
                  {t('retry')}
                </Button>
              }
            >
              {t('customer_appointments_load_failed')}
            </Alert>
          ) : (
            <>
              <Section title={t('customer_appointments_upcoming')} count={upcoming.length} testId="customer-appointments-upcoming">
                {upcoming.length === 0 ? (
                  <Empty text={t('customer_appointments_none_upcoming')} />
                ) : (
                  upcoming.map((a) => <AppointmentCard key={a.id} appointment={a} timeZone={timeZone} />)
                )}
              </Section>
              <Section title={t('customer_appointments_recent')} testId="customer-appointments-recent">
                {recent.length === 0 ? (
                  <Empty text={t('customer_appointments_none_recent')} />
                ) : (
                  (showAll ? recent : recent.slice(0, RECENT_SHOWN)).map((a) => <AppointmentCard key={a.id} appointment={a} timeZone={timeZone} />)
                )}
                {!showAll && recent.length > RECENT_SHOWN && (
                  <Button size="small" onClick={() => setShowAll(true)} sx={{ alignSelf: 'flex-start' }}>
                    {t('customer_appointments_show_all', { count: recent.length })}
                  </Button>
                )}
              </Section>
            </>
          )}
        </Box>
      </Box>
      <AppointmentCreateDialog open={creating} onClose={() => setCreating(false)} customer={{ id: customer.id, name }} />
    </Box>
  );
}

/**
 * The conversation's appointments (issue 16): the customer's upcoming and recent appointments, booking one, sending the
 * reminder or a booking link. For companies with the appointments module and the users who reach appointments. It opens
 * as a drawer from a rail button (a small floating button on phones), so it sits beside the repair-order panel without
 * taking the thread's width.
 */
export function CustomerAppointmentsPanel({ customer }: { customer: TCustomer | undefined }) {
  const { t } = useTranslation();
  const me = useCurrentUser();
  const mobile = useIsMobile();
  const now = useNow(60_000);
  const [open, setOpen] = useState(false);
  const moduleOn = !!(me.modules?.appointments ?? me.companyData?.modules.appointments);
  const allowed = moduleOn && canReachAppointments(me) && !!customer;
  // Loaded with the conversation, for the count on the button; the drawer shows the same data at once.
  const query = useCustomerAppointments(customer?.id ?? 0, { enabled: allowed });
  if (!allowed || !customer || isModuleOffError(query.error)) return null;
  const upcoming = query.data ? splitCustomerAppointments({ appointments: query.data, now }).upcoming.length : 0;
  const label = upcoming > 0 ? t('customer_appointments_title_count', { count: upcoming }) : t('customer_appointments_title');

  const drawer = (
    <Drawer
      anchor="right"
      open={open}
      onClose={() => setOpen(false)}
      // Above the shell's top bar, which sits over the side menu's drawer level.
      sx={{ zIndex: (theme) => theme.zIndex.modal }}
      slotProps={{ paper: { sx: { width: `min(${DRAWER_WIDTH}px, 100vw)` } } }}
    >
      <Box sx={{ height: '100%' }} data-testid="customer-appointments-panel">
        <PanelContent customer={customer} onClose={() => setOpen(false)} />
      </Box>
    </Drawer>
  );
  const icon = (
    <Badge badgeContent={upcoming} color="primary" max={9}>
      <CalendarMonth fontSize={mobile ? 'small' : 'medium'} />
    </Badge>
  );

  if (mobile)
    return (
      <>
        <Tooltip title={label}>
          <Fab
            size="small"
            color="secondary"
            onClick={() => setOpen(true)}
            aria-label={label}
            data-testid="customer-appointments-toggle"
            // Above the repair-order button (bottom 150), both clear of the composer.
            sx={{ position: 'fixed', right: 12, bottom: 202, zIndex: (theme) => theme.zIndex.speedDial }}
          >
            {icon}
          </Fab>
        </Tooltip>
        {drawer}
      </>
    );

  return (
    <AsideRail>
      <Tooltip title={label} placement="left">
        <IconButton onClick={() => setOpen(true)} aria-label={label} data-testid="customer-appointments-toggle">
          {icon}
        </IconButton>
      </Tooltip>
      {drawer}
    </AsideRail>
  );
}
