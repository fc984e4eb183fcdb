import { useCallback, useMemo, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { useCalendarController } from '@fullcalendar/react';
import Add from '@mui/icons-material/Add';
import EventBusyOutlined from '@mui/icons-material/EventBusyOutlined';
import ExpandLess from '@mui/icons-material/ExpandLess';
import ExpandMore from '@mui/icons-material/ExpandMore';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Collapse from '@mui/material/Collapse';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { useTheme } from '@mui/material/styles';
import { useTranslation } from 'react-i18next';
import type { TAppointment } from '@cd/contracts/appointment';
import { APPOINTMENTS_MODULE_OFF } from '@cd/contracts/appointment-constants';
import { localDayOf, weekStartsOnOf } from '@cd/contracts/survey-dates';
import { MessagePage } from '../../../components/ui/message-page';
import { toastError } from '../../../lib/toast';
import { useIsMobile } from '../../../lib/use-is-mobile';
import { useNow } from '../../../lib/use-now';
import { useAppointments } from '../api/get-appointments';
import { useVacations } from '../api/get-vacations';
import { useWorkingHours } from '../api/get-working-hours';
import { useUpdateAppointment } from '../api/update-appointment';
import { useAppointmentsCompany } from '../hooks/use-appointments-company';
import { useCalendarSearch } from '../hooks/use-calendar-search';
import { conflictMessageKeyOf, isModuleOffError } from '../lib/appointment-errors';
import { assigneeOptionsOf, toCalendarEvent } from '../lib/appointment-view';
import { appointmentRangeParamsOf, type TCalendarView } from '../lib/calendar-search';
import { businessHoursOf, dayRangeOf, timeBoundsOf } from '../lib/schedule-view';
import { AppointmentCreateDialog } from './appointment-create-dialog';
import { AppointmentDetailDialog } from './appointment-detail-dialog';
import { AppointmentFilters } from './appointment-filters';
import { AppointmentsCalendar } from './appointments-calendar';
import { AppointmentsSidebar } from './appointments-sidebar';
import { CalendarToolbar } from './calendar-toolbar';

interface TRange {
  start: Date;
  end: Date;
}

/**
 * The staff calendar `/appointments` (issue 16; spec part 1 §2 "appointment management"): day, week, month and list
 * views in the company's time zone, coloured by status, drag to move or resize, click for the detail and its actions,
 * filters in the address, and who is away or working beside it. Live events keep the visible range current.
 */
export function AppointmentsPage() {
  const { t } = useTranslation();
  const theme = useTheme();
  const mobile = useIsMobile();
  const { companyId, zone, moduleOff } = useAppointmentsCompany();
  const { search, update } = useCalendarSearch();
  const controller = useCalendarController();
  const [range, setRange] = useState<TRange | null>(null);
  const [openId, setOpenId] = useState<number | null>(null);
  const [lastOpen, setLastOpen] = useState<TAppointment | null>(null);
  const [create, setCreate] = useState<{ start?: Date } | null>(null);
  const [sideOpen, setSideOpen] = useState(false);
  const move = useUpdateAppointment();

  const view: TCalendarView = search.view ?? (mobile ? 'day' : 'week');
  const timeZone = zone.data?.timezone ?? null;
  const now = useNow(60_000);
  const today = timeZone ? localDayOf({ instant: now, timeZone }) : null;

  const params = range ? appointmentRangeParamsOf({ ...range, assignee: search.assignee, statuses: search.statuses }) : null;
  const list = useAppointments(params);
  const workingHours = useWorkingHours({ enabled: !moduleOff && companyId !== null });
  const days = range && timeZone ? dayRangeOf({ ...range, timeZone }) : null;
  // Today's shifts mark who is away today, so today is always in the vacations asked for.
  const vacationDays = days && today ? { from: days.from < today ? days.from : today, to: days.to > today ? days.to : today } : undefined;
  const vacations = useVacations(vacationDays ?? {}, { enabled: vacationDays !== undefined });

  const appointments = list.data;
  const events = useMemo(
    () => (appointments ?? []).map((appointment) => toCalendarEvent({ appointment, palette: theme.palette })),
    [appointments, theme.palette],
  );
  const assignees = useMemo(
    () => assigneeOptionsOf({ workingHours: workingHours.data ?? [], appointments: appointments ?? [] }),
    [workingHours.data, appointments],
  );
  const assigneeIri = typeof search.assignee === 'number' ? `/api/users/${search.assignee}` : null;
  const businessHours = useMemo(() => businessHoursOf({ workingHours: workingHours.data ?? [], user: assigneeIri }), [workingHours.data, assigneeIri]);
  const bounds = useMemo(
    () => (timeZone ? timeBoundsOf({ workingHours: workingHours.data ?? [], appointments: appointments ?? [], timeZone }) : null),
    [workingHours.data, appointments, timeZone],
  );
  const open = openId === null ? null : (appointments?.find((a) => a.id === openId) ?? (lastOpen?.id === openId ? lastOpen : null));

  const onRange = useCallback(
    (r: { start: Date; end: Date; currentStart: Date }) => {
      setRange((prev) =>
        prev && prev.start.getTime() === r.start.getTime() && prev.end.getTime() === r.end.getTime() ? prev : { start: r.start, end: r.end },
      );
      if (!timeZone) return;
      const date = localDayOf({ instant: r.currentStart, timeZone });
      if (date !== search.date) update({ date }, { replace: true });
    },
    [timeZone, search.date, update],
  );

  const onMove = useCallback(
    (change: { appointment: TAppointment; start: Date; end: Date; revert: () => void }) => {
      move.mutate(
        { id: change.appointment.id, patch: { startsAt: change.start.toISOString(), endsAt: change.end.toISOString() } },
        {
          onError: (err) => {
            change.revert();
            const key = conflictMessageKeyOf({ error: err, kind: 'move' });
            // Other failures were already told by the API client's toast.
            if (key) toastError(t(key));
          },
        },
      );
    },
    [move, t],
  );

  if (companyId === null) {
    return (
      <Box sx={{ p: { xs: 2, md: 3 } }} data-testid="appointments-page">
        <Alert severity="info">{t('appointments_no_company')}</Alert>
      </Box>
    );
  }
  if (moduleOff || isModuleOffError(list.error)) {
    return (
      <MessagePage testId="appointments-module-off" icon={<EventBusyOutlined />} title={t(APPOINTMENTS_MODULE_OFF)} body={t('appointments_module_off_hint')} />
    );
  }

  const loaded = list.data !== undefined && !list.isPlaceholderData;
  const empty = loaded && list.data.length === 0;
  const sidebar = (
    <AppointmentsSidebar
      workingHours={workingHours}
      vacations={vacations}
      today={today ?? ''}
      days={days}
      scheduleAction={
        <Button component={RouterLink} to="/appointments/schedule" variant="outlined" fullWidth data-testid="appointments-schedule-link">
          {t('appointments_shifts_and_vacations')}
        </Button>
      }
    />
  );

  return (
    <Box
      sx={{ p: { xs: 1.5, md: 3 }, display: 'flex', flexDirection: 'column', gap: 2, width: '100%', boxSizing: 'border-box' }}
      data-testid="appointments-page"
    >
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
        <Typography variant="h5" component="h1" sx={{ fontWeight: 700, flex: 1 }}>
          {t('menu_section_appointments')}
        </Typography>
        <Button variant="contained" startIcon={<Add />} onClick={() => setCreate({})} data-testid="appointments-new">
          {t('appointments_new')}
        </Button>
      </Box>

      <Box sx={{ display: 'flex', gap: 2, alignItems: 'flex-start', flexDirection: { xs: 'column', md: 'row' } }}>
        <Paper variant="outlined" sx={{ flex: 1, minWidth: 0, width: '100%', p: { xs: 1, sm: 1.5 }, display: 'flex', flexDirection: 'column', gap: 1.5 }}>
          {timeZone && bounds ? (
            <>
              <CalendarToolbar controller={controller} view={view} onView={(v) => update({ view: v })} />
              <AppointmentFilters
                assignee={search.assignee}
                statuses={search.statuses}
                assignees={assignees}
                onAssignee={(assignee) => update({ assignee })}
                onStatuses={(statuses) => update({ statuses })}
              />
              {list.isError ? (
                <Alert
                  severity="error"
                  data-testid="appointments-error"
                  action={
                    <Button color="inherit" size="small" onClick={() => void list.refetch()}>
                      {t('retry')}
                    </Button>
                  }
                >
                  {t('appointments_load_failed')}
                </Alert>
              ) : empty && view !== 'list' ? (
                <Alert severity="info" variant="outlined" data-testid="appointments-empty">
                  {t(`appointments_empty_${view}`)}
                </Alert>
              ) : null}
              <Box sx={{ position: 'relative' }}>
                <Box sx={{ position: 'absolute', top: 0, left: 0, right: 0, zIndex: 3, visibility: list.isFetching ? 'visible' : 'hidden' }}>
                  <LinearProgress aria-label={t('loading')} />
                </Box>
                <Box sx={{ opacity: loaded || list.isError ? 1 : 0.55, transition: 'opacity 150ms' }} aria-busy={!loaded}>
                  <AppointmentsCalendar
                    controller={controller}
                    view={view}
                    initialDate={search.date ?? undefined}
                    timeZone={timeZone}
                    firstDay={weekStartsOnOf(zone.data?.country)}
                    granularity={zone.data?.granularity ?? 30}
                    events={events}
                    businessHours={businessHours}
                    slotMinTime={bounds.slotMinTime}
                    slotMaxTime={bounds.slotMaxTime}
                    noEventsText={t('appointments_empty_list')}
                    minWidth={mobile && view === 'week' ? 680 : undefined}
                    onRange={onRange}
                    onOpen={(a) => {
                      setLastOpen(a);
                      setOpenId(a.id);
                    }}
                    onMove={onMove}
                    onSelect={(start) => setCreate({ start })}
                  />
                </Box>
              </Box>
            </>
          ) : zone.isError ? (
            <Alert
              severity="error"
              action={
                <Button color="inherit" size="small" onClick={() => void zone.refetch()}>
                  {t('retry')}
                </Button>
              }
            >
              {t('appointments_load_failed')}
            </Alert>
          ) : (
            <Box aria-busy="true" data-testid="appointments-loading">
              <Skeleton variant="rounded" height={40} sx={{ mb: 1.5 }} />
              <Skeleton variant="rounded" height={32} sx={{ mb: 1.5 }} />
              <Skeleton variant="rounded" height={520} />
            </Box>
          )}
        </Paper>

        {mobile ? (
          <Box sx={{ width: '100%' }}>
            <Button
              fullWidth
              variant="text"
              onClick={() => setSideOpen((o) => !o)}
              endIcon={sideOpen ? <ExpandLess /> : <ExpandMore />}
              aria-expanded={sideOpen}
              aria-controls="appointments-side"
              data-testid="appointments-side-toggle"
            >
              {t('appointments_vacations_and_shifts')}
            </Button>
            <Collapse in={sideOpen} id="appointments-side">
              <Box sx={{ pt: 1 }}>{sidebar}</Box>
            </Collapse>
          </Box>
        ) : (
          <Box component="aside" sx={{ width: 280, flexShrink: 0, position: 'sticky', top: 16 }}>
            {sidebar}
          </Box>
        )}
      </Box>

      <AppointmentDetailDialog appointment={open} timeZone={timeZone ?? 'UTC'} assignees={assignees} onClose={() => setOpenId(null)} />
      <AppointmentCreateDialog open={create !== null} initialStart={create?.start} onClose={() => setCreate(null)} />
    </Box>
  );
}
