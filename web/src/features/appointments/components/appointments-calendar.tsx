import { useMemo } from 'react';
import FullCalendar, { type CalendarController, type EventDisplayInfo, type LocaleInput } from '@fullcalendar/react';
import dayGridPlugin from '@fullcalendar/react/daygrid';
import interactionPlugin from '@fullcalendar/react/interaction';
import listPlugin from '@fullcalendar/react/list';
import bsLocale from '@fullcalendar/react/locales/bs';
import hrLocale from '@fullcalendar/react/locales/hr';
import srLocale from '@fullcalendar/react/locales/sr';
import classicTheme from '@fullcalendar/react/themes/classic';
import timeGridPlugin from '@fullcalendar/react/timegrid';
import '@fullcalendar/react/skeleton.css';
import '@fullcalendar/react/themes/classic/theme.css';
import '@fullcalendar/react/themes/classic/palette.css';
import Box from '@mui/material/Box';
import { alpha, useTheme } from '@mui/material/styles';
import { useTranslation } from 'react-i18next';
import type { TAppointment } from '@cd/contracts/appointment';
import { customerLabelOf, eventSummaryOf, servicesLabelOf, type TAppointmentEvent } from '../lib/appointment-view';
import { FULLCALENDAR_VIEW, type TCalendarView } from '../lib/calendar-search';
import { localeOf } from '../../../lib/date-locale';
import { formatZonedTime } from '../lib/schedule-view';

const PLUGINS = [dayGridPlugin, timeGridPlugin, listPlugin, interactionPlugin, classicTheme];
const LOCALES: LocaleInput[] = [bsLocale, hrLocale, srLocale];
const DAYS_TITLE = { year: 'numeric', month: 'short', day: 'numeric' } as const;
const WEEK_TITLES = { timeGridWeek: { titleFormat: DAYS_TITLE }, listWeek: { titleFormat: DAYS_TITLE } };

interface TProps {
  controller: CalendarController;
  view: TCalendarView;
  initialDate: string | undefined;
  timeZone: string;
  firstDay: number;
  granularity: number;
  events: TAppointmentEvent[];
  businessHours: { daysOfWeek: number[]; startTime: string; endTime: string }[];
  slotMinTime: string;
  slotMaxTime: string;
  noEventsText: string;
  /** Narrow screens: the grid keeps this width and scrolls sideways (FullCalendar's own dayMinWidth is premium). */
  minWidth?: number;
  onRange: (range: { start: Date; end: Date; currentStart: Date }) => void;
  onOpen: (appointment: TAppointment) => void;
  onMove: (change: { appointment: TAppointment; start: Date; end: Date; revert: () => void }) => void;
  onSelect: (start: Date) => void;
}

function appointmentOf(info: { event: { extendedProps: Record<string, unknown> } }): TAppointment {
  return info.event.extendedProps.appointment as TAppointment;
}

/** An appointment on the grid: time, customer, services and vehicle, as much as the box has room for. */
function EventContent({ info, timeZone, language }: { info: EventDisplayInfo; timeZone: string; language: string }) {
  const a = appointmentOf(info);
  const services = servicesLabelOf(a);
  const { t } = useTranslation();
  const customer = customerLabelOf(a) || t('appointments_unnamed_customer');
  const line = { overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' } as const;
  if (info.view.type.startsWith('list')) {
    // The list's row is ours whole: the time, who and what, and the status in words (the dot alone is colour only).
    return (
      <Box sx={{ display: 'flex', gap: 2, alignItems: 'baseline', width: '100%', minWidth: 0, flexWrap: { xs: 'wrap', sm: 'nowrap' } }}>
        <Box component="span" sx={{ minWidth: 150, color: 'text.secondary', fontVariantNumeric: 'tabular-nums' }}>
          {info.timeText}
        </Box>
        <Box component="span" sx={{ flex: 1, minWidth: 0 }}>
          <Box component="span" sx={{ fontWeight: 600 }}>
            {customer}
          </Box>
          <Box component="span" sx={{ color: 'text.secondary' }}>
            {[services, a.vehicleLabel, a.assigneeName].filter(Boolean).map((s) => ` · ${s}`)}
          </Box>
        </Box>
        <Box component="span" sx={{ color: 'text.secondary', fontSize: 12, whiteSpace: 'nowrap' }}>
          {t(`appointment_status_${a.status}`)}
        </Box>
      </Box>
    );
  }
  if (info.view.type.startsWith('dayGrid')) {
    return (
      <Box sx={{ ...line, px: 0.5, fontSize: 12 }}>
        <b>{info.timeText}</b> {customer}
      </Box>
    );
  }
  if (info.isShort) {
    // Half an hour is one line: who first, then when it starts.
    const start = info.event.start ? formatZonedTime({ instant: info.event.start, timeZone, language }) : '';
    return (
      <Box sx={{ ...line, px: 0.5, fontSize: 12, lineHeight: 1.4 }}>
        <b>{customer}</b>{' '}
        <Box component="span" sx={{ opacity: 0.85 }}>
          {start}
        </Box>
      </Box>
    );
  }
  return (
    <Box sx={{ px: 0.5, py: 0.25, fontSize: 12, lineHeight: 1.3, overflow: 'hidden', height: '100%' }}>
      <Box sx={{ ...line, opacity: 0.85 }}>{info.timeText}</Box>
      <Box sx={{ ...line, fontWeight: 600 }}>{customer}</Box>
      {services && <Box sx={line}>{services}</Box>}
      {a.vehicleLabel && <Box sx={{ ...line, opacity: 0.85 }}>{a.vehicleLabel}</Box>}
    </Box>
  );
}

/**
 * FullCalendar v7 in the company's time zone, styled from the MUI theme (the classic theme's variables), with the page's
 * own toolbar driving it through `controller`. Events are focusable and open with Enter; active ones drag and resize.
 */
export function AppointmentsCalendar(props: TProps) {
  const { t, i18n } = useTranslation();
  const theme = useTheme();
  const p = theme.palette;

  const vars = useMemo(
    () => ({
      '--fc-classic-background': p.background.paper,
      '--fc-classic-foreground': p.text.primary,
      '--fc-classic-muted-foreground': p.text.secondary,
      '--fc-classic-faint-foreground': p.text.disabled,
      '--fc-classic-border': p.divider,
      '--fc-classic-strong-border': alpha(p.text.primary, 0.3),
      '--fc-classic-faint': alpha(p.text.primary, 0.03),
      '--fc-classic-muted': alpha(p.text.primary, 0.06),
      '--fc-classic-strong': alpha(p.text.primary, 0.12),
      '--fc-classic-primary': p.primary.main,
      '--fc-classic-primary-foreground': p.primary.contrastText,
      '--fc-classic-highlight': alpha(p.primary.main, 0.14),
      '--fc-classic-today': alpha(p.primary.main, p.mode === 'dark' ? 0.1 : 0.05),
      '--fc-classic-now': p.error.main,
    }),
    [p],
  );

  const statusLabel = (a: TAppointment) => t(`appointment_status_${a.status}`);

  return (
    <Box
      data-testid="appointments-calendar"
      sx={{
        // The theme's own rules set these on the calendar root (and per colour scheme): ours must win there.
        '& .cd-calendar, & .cd-calendar[data-color-scheme]': vars,
        '& .cd-calendar': { fontFamily: theme.typography.fontFamily, fontSize: 14 },
        '& .appointment-event-canceled, & .appointment-event-denied': { textDecoration: 'line-through', opacity: 0.85 },
        '& .appointment-event:focus-visible': { outline: `2px solid ${p.primary.main}`, outlineOffset: 1 },
        overflowX: props.minWidth ? 'auto' : undefined,
        '& > .cd-calendar': props.minWidth ? { minWidth: props.minWidth } : undefined,
      }}
    >
      <FullCalendar
        controller={props.controller}
        plugins={PLUGINS}
        className="cd-calendar"
        colorScheme={p.mode}
        headerToolbar={false}
        initialView={FULLCALENDAR_VIEW[props.view]}
        initialDate={props.initialDate}
        timeZone={props.timeZone}
        locales={LOCALES}
        // With a region (and Latin script for Serbian): Intl formats the titles and times, and picks the locale's texts.
        locale={localeOf(i18n.language)}
        firstDay={props.firstDay}
        height="auto"
        allDaySlot={false}
        nowIndicator
        slotDuration={{ minutes: props.granularity >= 60 ? 60 : 30 }}
        // Drags land on the company's slot grid, like bookings.
        snapDuration={{ minutes: props.granularity }}
        slotMinTime={props.slotMinTime}
        slotMaxTime={props.slotMaxTime}
        scrollTime={props.slotMinTime}
        businessHours={props.businessHours.length > 0 ? props.businessHours : false}
        eventTimeFormat={{ hour: 'numeric', minute: '2-digit' }}
        // "7 AM" where the clock has a meridiem, "07:00" where it is 24-hour ("07" alone reads as a day).
        slotHeaderFormat={i18n.language === 'en' ? { hour: 'numeric' } : { hour: '2-digit', minute: '2-digit' }}
        // A week's title names its days ("Nov 23 – 29, 2026"), not only the month.
        views={WEEK_TITLES}
        dayMaxEvents={4}
        events={props.events}
        eventContent={(info: EventDisplayInfo) => <EventContent info={info} timeZone={props.timeZone} language={i18n.language} />}
        eventDidMount={(info) => {
          const a = appointmentOf(info);
          const summary = eventSummaryOf({ appointment: a, time: info.timeText, statusLabel: statusLabel(a) });
          info.el.setAttribute('aria-label', summary);
          info.el.setAttribute('title', summary);
          info.el.setAttribute('data-testid', `appointment-event-${a.id}`);
        }}
        noEventsText={props.noEventsText}
        editable
        eventDurationEditable
        selectable
        selectMirror
        selectMinDistance={4}
        datesSet={(info) => props.onRange({ start: info.start, end: info.end, currentStart: info.view.currentStart })}
        eventClick={(info) => {
          info.jsEvent.preventDefault();
          props.onOpen(appointmentOf(info));
        }}
        dateClick={(info) => props.onSelect(info.date)}
        select={(info) => {
          info.view.calendar.unselect();
          props.onSelect(info.start);
        }}
        eventDrop={(info) => {
          if (!info.event.start || !info.event.end) return info.revert();
          props.onMove({ appointment: appointmentOf(info), start: info.event.start, end: info.event.end, revert: info.revert });
        }}
        eventResize={(info) => {
          if (!info.event.start || !info.event.end) return info.revert();
          props.onMove({ appointment: appointmentOf(info), start: info.event.start, end: info.event.end, revert: info.revert });
        }}
      />
    </Box>
  );
}
