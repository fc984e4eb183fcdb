import { useEffect, useMemo, useRef } from 'react';
import ChevronLeft from '@mui/icons-material/ChevronLeft';
import ChevronRight from '@mui/icons-material/ChevronRight';
import Public from '@mui/icons-material/Public';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import ButtonBase from '@mui/material/ButtonBase';
import IconButton from '@mui/material/IconButton';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { NO_WORKING_DAYS } from '@cd/contracts/appointment-constants';
import type { TPublicBookingPage, TSlot } from '@cd/contracts/appointment';
import { useBookingAvailability } from '../api/get-booking-availability';
import {
  bookingWindowOf,
  dayLabelOf,
  daysWithSlotsOf,
  groupSlotsByDayPart,
  pickDay,
  slotTimeOf,
  windowLabelOf,
  zoneLabelOf,
  type TBookingError,
} from '../lib/booking-page';
import { StepTitle, useDurationLabel } from './booking-parts';

const NOTICE_KEYS: Partial<Record<TBookingError, string>> = {
  slot_taken: 'booking_slot_taken',
  hold_expired: 'booking_hold_expired',
  too_many: 'booking_too_many',
  failed: 'booking_hold_failed',
};

function DayButton(props: { day: string; language: string; selected: boolean; available: boolean; loading: boolean; onClick: () => void }) {
  const label = dayLabelOf({ day: props.day, language: props.language });
  const ref = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    // On a phone the strip scrolls sideways: keep the chosen day in sight.
    if (props.selected) ref.current?.scrollIntoView?.({ block: 'nearest', inline: 'nearest' });
  }, [props.selected]);
  const disabled = !props.available || props.loading;
  return (
    <ButtonBase
      ref={ref}
      onClick={props.onClick}
      disabled={disabled}
      aria-pressed={props.selected}
      aria-label={label.full}
      data-testid={`booking-day-${props.day}`}
      data-available={props.available}
      sx={{
        flex: { xs: '0 0 64px', sm: 'initial' },
        scrollSnapAlign: 'start',
        flexDirection: 'column',
        py: 1,
        minHeight: 72,
        borderRadius: 2,
        border: 1,
        borderColor: props.selected ? 'primary.main' : 'divider',
        bgcolor: props.selected ? 'primary.main' : 'transparent',
        color: props.selected ? 'primary.contrastText' : 'text.primary',
        // Days without a free time stay in place (the week keeps its shape) but read as unavailable.
        '&.Mui-disabled': {
          color: 'text.disabled',
          bgcolor: 'action.hover',
          borderColor: 'transparent',
          textDecoration: props.loading ? 'none' : 'line-through',
        },
        '&.Mui-focusVisible': { outline: 2, outlineColor: 'primary.main', outlineOffset: 2 },
      }}
    >
      <Typography variant="caption" sx={{ lineHeight: 1.2, textTransform: 'capitalize' }}>
        {label.weekday}
      </Typography>
      <Typography sx={{ fontWeight: 700, fontSize: '1.25rem', lineHeight: 1.3 }}>{label.date}</Typography>
      <Typography variant="caption" sx={{ lineHeight: 1.2 }}>
        {label.month}
      </Typography>
    </ButtonBase>
  );
}

/**
 * Step 2: a day from a strip of two weeks (sideways on a phone, a grid of seven on wider screens; days without a free
 * time greyed out), then that day's free times as large buttons grouped by part of the day, on the company's clock.
 */
export function BookingTimeStep(props: {
  page: TPublicBookingPage;
  services: readonly number[];
  today: string;
  windowIndex: number;
  onWindow: (index: number) => void;
  day: string | null;
  onDay: (day: string) => void;
  onPick: (slot: TSlot) => void;
  holdingAt: string | null;
  notice: TBookingError | null;
  onChangeServices: () => void;
}) {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  const durationLabel = useDurationLabel();
  const { page } = props;
  const win = bookingWindowOf({ today: props.today, horizonDays: page.horizonDays, index: props.windowIndex });
  const query = useBookingAvailability({ slug: page.slug, services: props.services, from: win.from, to: win.to, enabled: true });
  const data = query.data && !query.isPlaceholderData ? query.data : undefined;
  const withSlots = useMemo(() => daysWithSlotsOf(data?.days ?? []), [data]);
  const day = data ? pickDay({ chosen: props.day, windowDays: win.days, withSlots }) : null;
  const slots = data?.days.find((d) => d.date === day)?.slots ?? [];
  const groups = groupSlotsByDayPart({ slots, timeZone: page.timezone });
  const zone = zoneLabelOf({ timeZone: page.timezone, language, at: new Date(`${win.from}T12:00:00Z`) });
  const noticeKey = props.notice ? NOTICE_KEYS[props.notice] : undefined;
  const loading = query.isPending || query.isPlaceholderData;

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2 }} data-testid="booking-time-step">
      <StepTitle
        title={t('booking_time_title')}
        subtitle={t('booking_time_for', { duration: durationLabel(data?.duration ?? 0) })}
        action={
          <Button size="small" onClick={props.onChangeServices} data-testid="booking-change-services">
            {t('booking_change')}
          </Button>
        }
      />
      {noticeKey && (
        <Alert severity="warning" role="alert" data-testid="booking-notice" data-notice={props.notice}>
          {t(noticeKey)}
        </Alert>
      )}
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
        <IconButton
          onClick={() => props.onWindow(props.windowIndex - 1)}
          disabled={!win.hasPrev}
          aria-label={t('booking_earlier_days')}
          data-testid="booking-prev-days"
        >
          <ChevronLeft />
        </IconButton>
        <Typography sx={{ flex: 1, textAlign: 'center', fontWeight: 600 }} data-testid="booking-window">
          {windowLabelOf({ from: win.from, to: win.to, language })}
        </Typography>
        <IconButton
          onClick={() => props.onWindow(props.windowIndex + 1)}
          disabled={!win.hasNext}
          aria-label={t('booking_later_days')}
          data-testid="booking-next-days"
        >
          <ChevronRight />
        </IconButton>
      </Box>
      <Box
        role="group"
        aria-label={t('booking_pick_day')}
        sx={{
          display: { xs: 'flex', sm: 'grid' },
          gridTemplateColumns: { sm: 'repeat(7, 1fr)' },
          gap: 1,
          overflowX: { xs: 'auto', sm: 'visible' },
          scrollSnapType: { xs: 'x proximity', sm: 'none' },
          // Snapping and scrolling into view keep the strip's side padding, so the first day never sits on the edge.
          scrollPaddingInline: '16px',
          mx: { xs: -2, sm: 0 },
          px: { xs: 2, sm: 0 },
          pb: { xs: 0.5, sm: 0 },
          scrollbarWidth: 'none',
        }}
        data-testid="booking-days"
      >
        {win.days.map((d) => (
          <DayButton key={d} day={d} language={language} selected={d === day} available={withSlots.has(d)} loading={loading} onClick={() => props.onDay(d)} />
        ))}
      </Box>
      {query.isError && !query.data ? (
        <Alert
          severity="error"
          data-testid="booking-availability-error"
          action={
            <Button color="inherit" size="small" onClick={() => void query.refetch()}>
              {t('public_page_retry')}
            </Button>
          }
        >
          {t('booking_availability_failed')}
        </Alert>
      ) : loading ? (
        <Box sx={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(96px, 1fr))', gap: 1 }} data-testid="booking-slots-loading">
          {Array.from({ length: 6 }, (_, i) => (
            <Skeleton key={i} variant="rounded" height={52} />
          ))}
        </Box>
      ) : data?.reason ? (
        <Alert severity="info" data-testid="booking-closed" data-reason={data.reason}>
          {t(data.reason === NO_WORKING_DAYS ? 'booking_no_working_days' : 'booking_not_accepting', { company: page.company.name })}
        </Alert>
      ) : withSlots.size === 0 ? (
        <Alert
          severity="info"
          data-testid="booking-no-slots"
          action={
            win.hasNext ? (
              <Button color="inherit" size="small" onClick={() => props.onWindow(props.windowIndex + 1)}>
                {t('booking_later_days')}
              </Button>
            ) : undefined
          }
        >
          {t(win.hasNext ? 'booking_no_slots_window' : 'booking_no_slots')}
        </Alert>
      ) : (
        <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2 }} data-testid="booking-slots" aria-busy={props.holdingAt !== null}>
          <Typography variant="body2" color="text.secondary" sx={{ display: 'flex', alignItems: 'center', gap: 0.75 }} data-testid="booking-zone">
            <Public fontSize="small" />
            {t('booking_times_in_zone', { zone })}
          </Typography>
          {groups.map((g) => (
            <Box key={g.part} component="section" aria-labelledby={`booking-part-${g.part}`}>
              <Typography id={`booking-part-${g.part}`} variant="subtitle2" component="h3" color="text.secondary" sx={{ mb: 1, fontWeight: 700 }}>
                {t(`booking_part_${g.part}`)}
              </Typography>
              <Box sx={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(96px, 1fr))', gap: 1 }}>
                {g.slots.map((s) => (
                  <Button
                    key={s.startsAt}
                    variant="outlined"
                    onClick={() => props.onPick(s)}
                    disabled={props.holdingAt !== null && props.holdingAt !== s.startsAt}
                    loading={props.holdingAt === s.startsAt}
                    sx={{ minHeight: 52, px: 0.5, fontSize: '1rem', fontWeight: 600, whiteSpace: 'nowrap', borderRadius: 2 }}
                    data-testid="booking-slot"
                    data-starts-at={s.startsAt}
                  >
                    {slotTimeOf({ startsAt: s.startsAt, timeZone: page.timezone, language })}
                  </Button>
                ))}
              </Box>
            </Box>
          ))}
        </Box>
      )}
    </Box>
  );
}
