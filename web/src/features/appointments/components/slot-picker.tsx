import { useEffect, useRef } from 'react';
import ChevronLeft from '@mui/icons-material/ChevronLeft';
import ChevronRight from '@mui/icons-material/ChevronRight';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Skeleton from '@mui/material/Skeleton';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { TSlot } from '@cd/contracts/appointment';
import { NO_APPOINTMENTS_FOR_PARAMETERS, NO_WORKING_DAYS, NOT_ACCEPTING_APPOINTMENTS } from '@cd/contracts/appointment-constants';
import { useAvailability } from '../api/get-availability';
import { idOfIri } from '../lib/appointment-view';
import { addDaysToDay, formatDay, formatZonedTime } from '../lib/schedule-view';

const LOOKAHEAD_DAYS = 14;

export interface TChosenSlot {
  startsAt: string;
  endsAt: string;
  assignees: string[];
}

/** A day of free slots for the chosen services; each says how many more fit, and the chosen one who is free. */
export function SlotPicker(props: {
  serviceIds: number[];
  day: string;
  today: string;
  timeZone: string;
  initialStart?: Date;
  selected: string | null;
  /** `/api/users/{id}` → name, for "who is free". */
  names: ReadonlyMap<string, string>;
  missing: boolean;
  onDay: (day: string) => void;
  onSlot: (slot: TChosenSlot | null) => void;
}) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const { serviceIds, day, today, onSlot } = props;
  // Two weeks from the day in one request: an empty day can point to the next one with a free time.
  const availability = useAvailability(serviceIds.length > 0 ? { services: serviceIds, from: day, to: addDaysToDay(day, LOOKAHEAD_DAYS - 1) } : null);
  const data = availability.isPlaceholderData ? undefined : availability.data;
  const slots: TSlot[] = data?.days.find((d) => d.date === day)?.slots ?? [];
  const timeZone = data?.timezone ?? props.timeZone;
  const nextFree = data?.days.find((d) => d.date > day && d.slots.length > 0)?.date ?? null;

  // The time picked on the calendar is chosen once, when its day's slots first arrive and it is among them.
  const preselected = useRef(false);
  const initialMs = props.initialStart?.getTime();
  useEffect(() => {
    if (preselected.current || !data || initialMs === undefined) return;
    preselected.current = true;
    const match = data.days.flatMap((d) => d.slots).find((s) => Date.parse(s.startsAt) === initialMs);
    if (match) onSlot({ startsAt: match.startsAt, endsAt: match.endsAt, assignees: match.assignees ?? [] });
  }, [data, initialMs, onSlot]);

  const chosen = slots.find((s) => s.startsAt === props.selected) ?? null;
  const nameOf = (iri: string) => props.names.get(iri) ?? `#${idOfIri(iri) ?? iri}`;

  let body: React.ReactNode;
  if (serviceIds.length === 0) {
    body = (
      <Typography variant="body2" color="text.secondary" sx={{ py: 1 }}>
        {t('appointments_choose_services_first')}
      </Typography>
    );
  } else if (availability.isError) {
    body = (
      <Alert
        severity="error"
        action={
          <Button color="inherit" size="small" onClick={() => void availability.refetch()}>
            {t('retry')}
          </Button>
        }
      >
        {availability.error.message || t('appointments_load_failed')}
      </Alert>
    );
  } else if (!data) {
    body = (
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }} aria-busy="true">
        {Array.from({ length: 8 }, (_, i) => (
          <Skeleton key={i} variant="rounded" width={84} height={36} />
        ))}
      </Box>
    );
  } else if (data.reason === NO_WORKING_DAYS || data.reason === NOT_ACCEPTING_APPOINTMENTS) {
    body = (
      <Alert severity="warning" data-testid="appointment-create-reason">
        {t(data.reason)}
      </Alert>
    );
  } else if (slots.length === 0) {
    body = (
      <Alert
        severity="info"
        data-testid="appointment-create-no-slots"
        action={
          nextFree ? (
            <Button color="inherit" size="small" onClick={() => props.onDay(nextFree)} data-testid="appointment-create-next-free">
              {t('appointments_next_free_day', { day: formatDay({ day: nextFree, language: lang, weekday: true }) })}
            </Button>
          ) : undefined
        }
      >
        {t(NO_APPOINTMENTS_FOR_PARAMETERS)}
      </Alert>
    );
  } else {
    body = (
      <Box
        role="radiogroup"
        aria-label={t('appointments_free_times')}
        sx={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(104px, 1fr))', gap: 1 }}
      >
        {slots.map((s) => {
          const on = s.startsAt === props.selected;
          return (
            <Button
              key={s.startsAt}
              role="radio"
              aria-checked={on}
              variant={on ? 'contained' : 'outlined'}
              onClick={() => onSlot(on ? null : { startsAt: s.startsAt, endsAt: s.endsAt, assignees: s.assignees ?? [] })}
              sx={{ flexDirection: 'column', py: 0.5, lineHeight: 1.2 }}
              data-testid={`appointment-slot-${s.startsAt}`}
            >
              <Box component="span" sx={{ whiteSpace: 'nowrap' }}>
                {formatZonedTime({ instant: s.startsAt, timeZone, language: lang })}
              </Box>
              <Typography component="span" variant="caption" sx={{ opacity: 0.8 }}>
                {t('appointments_slot_free', { count: s.capacity })}
              </Typography>
            </Button>
          );
        })}
      </Box>
    );
  }

  return (
    <Box component="fieldset" sx={{ border: 0, p: 0, m: 0, display: 'flex', flexDirection: 'column', gap: 1 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
        <Typography component="legend" variant="subtitle2" sx={{ flex: 1, fontWeight: 700 }}>
          {t('appointments_free_times')}
        </Typography>
        <IconButton aria-label={t('appointments_previous_day')} disabled={day <= today} onClick={() => props.onDay(addDaysToDay(day, -1))}>
          <ChevronLeft />
        </IconButton>
        <TextField
          type="date"
          size="small"
          label={t('appointments_day')}
          value={day}
          onChange={(e) => {
            const v = e.target.value;
            if (/^\d{4}-\d{2}-\d{2}$/.test(v)) props.onDay(v < today ? today : v);
          }}
          slotProps={{ htmlInput: { min: today, 'data-testid': 'appointment-create-day' }, inputLabel: { shrink: true } }}
          sx={{ width: 170 }}
        />
        <IconButton aria-label={t('appointments_next_day')} onClick={() => props.onDay(addDaysToDay(day, 1))}>
          <ChevronRight />
        </IconButton>
      </Box>
      <Typography variant="caption" color="text.secondary">
        {formatDay({ day, language: lang, weekday: true })} · {timeZone}
      </Typography>
      {body}
      {chosen && chosen.assignees && chosen.assignees.length > 0 && (
        <Typography variant="body2" color="text.secondary" data-testid="appointment-create-free">
          {t('appointments_free_people', { names: chosen.assignees.map(nameOf).join(', ') })}
        </Typography>
      )}
      {props.missing && !chosen && serviceIds.length > 0 && (
        <Typography variant="caption" color="error">
          {t('appointments_choose_slot')}
        </Typography>
      )}
    </Box>
  );
}
