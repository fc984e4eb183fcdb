import { useEffect, useRef, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Step from '@mui/material/Step';
import StepLabel from '@mui/material/StepLabel';
import Stepper from '@mui/material/Stepper';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { NO_WORKING_DAYS } from '@cd/contracts/appointment-constants';
import type { TPublicBookingPage, TPublicBookingResult, TSlot } from '@cd/contracts/appointment';
import { ApiError } from '../../../lib/api-client';
import { bookingAvailabilityKeys } from '../api/get-booking-availability';
import { useBookingPageQuery } from '../api/get-booking-page';
import { useHoldBookingSlot } from '../api/hold-booking-slot';
import { releaseBookingHold } from '../api/release-booking-hold';
import { bookingErrorOf, holdDeadlineOf, todayIn, type TBookingError } from '../lib/booking-page';
import { BookingDetailsStep, type THeldSlot } from './booking-details-step';
import { BookingDone } from './booking-done';
import { BookingServicesStep } from './booking-services-step';
import { BookingTimeStep } from './booking-time-step';

type TStep = 'services' | 'time' | 'details';
const STEPS: TStep[] = ['services', 'time', 'details'];

/** The page's heading; the "Request sent" view has its own. */
function PageTitle({ page }: { page: TPublicBookingPage | undefined }) {
  const { t } = useTranslation();
  return (
    <Typography variant="h5" component="h1" sx={{ fontWeight: 700, mb: -0.5 }}>
      {page?.customer ? t('booking_title_known', { name: page.customer.name }) : t('booking_title')}
    </Typography>
  );
}

function Closed({ page }: { page: TPublicBookingPage }) {
  const { t } = useTranslation();
  const key = page.reason === NO_WORKING_DAYS ? 'booking_no_working_days' : page.reason ? 'booking_not_accepting' : 'booking_no_services';
  return (
    <Alert severity="info" data-testid="booking-closed" data-reason={page.reason ?? 'no_services'}>
      {t(key, { company: page.company.name })}
    </Alert>
  );
}

function Flow({ page, link }: { page: TPublicBookingPage; link?: string }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const holdSlot = useHoldBookingSlot();
  const [step, setStep] = useState<TStep>('services');
  const [selected, setSelected] = useState<number[]>([]);
  const [windowIndex, setWindowIndex] = useState(0);
  const [day, setDay] = useState<string | null>(null);
  const [hold, setHold] = useState<THeldSlot | null>(null);
  const [holdingAt, setHoldingAt] = useState<string | null>(null);
  const [notice, setNotice] = useState<TBookingError | null>(null);
  const [result, setResult] = useState<TPublicBookingResult | null>(null);
  // Today on the company's calendar, fixed for the visit (the server refuses days already past anyway).
  const [today] = useState(() => todayIn({ timeZone: page.timezone, now: new Date() }));
  const top = useRef<HTMLDivElement>(null);
  const shownStep = result ? 'done' : step;
  const firstRender = useRef(true);
  useEffect(() => {
    if (firstRender.current) {
      firstRender.current = false;
      return;
    }
    top.current?.scrollIntoView?.({ block: 'start', behavior: 'smooth' });
  }, [shownStep]);

  const refreshTimes = () => void queryClient.invalidateQueries({ queryKey: bookingAvailabilityKeys.all(page.slug) });
  const release = () => {
    if (hold) releaseBookingHold({ slug: page.slug, token: hold.token });
    setHold(null);
  };

  const pick = (slot: TSlot) => {
    if (holdSlot.isPending) return;
    setNotice(null);
    setHoldingAt(slot.startsAt);
    holdSlot.mutate(
      { slug: page.slug, body: { services: selected, startsAt: slot.startsAt } },
      {
        onSuccess: (h) => {
          setHold({ token: h.token, startsAt: h.startsAt, endsAt: h.endsAt, deadline: holdDeadlineOf({ expiresAt: h.expiresAt, receivedAt: Date.now() }) });
          setStep('details');
        },
        onError: (err) => {
          const kind = bookingErrorOf(err);
          setNotice(kind);
          if (kind === 'slot_taken') refreshTimes();
        },
        onSettled: () => setHoldingAt(null),
      },
    );
  };

  if (result) return <BookingDone result={result} />;
  if (page.reason || page.services.length === 0)
    return (
      <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2.5 }}>
        <PageTitle page={page} />
        <Closed page={page} />
      </Box>
    );

  return (
    <Box ref={top} sx={{ display: 'flex', flexDirection: 'column', gap: 2.5, scrollMarginTop: 16 }}>
      <PageTitle page={page} />
      <Stepper activeStep={STEPS.indexOf(step)} alternativeLabel aria-label={t('booking_steps')}>
        {STEPS.map((s) => (
          <Step key={s}>
            <StepLabel>{t(`booking_step_${s}`)}</StepLabel>
          </Step>
        ))}
      </Stepper>
      {step === 'services' && (
        <BookingServicesStep
          page={page}
          selected={selected}
          onToggle={(id) => {
            setSelected((s) => (s.includes(id) ? s.filter((x) => x !== id) : [...s, id]));
            setDay(null);
          }}
          onContinue={() => {
            setNotice(null);
            setStep('time');
          }}
        />
      )}
      {step === 'time' && (
        <BookingTimeStep
          page={page}
          services={selected}
          today={today}
          windowIndex={windowIndex}
          onWindow={(i) => {
            setWindowIndex(i);
            setDay(null);
            setNotice(null);
          }}
          day={day}
          onDay={(d) => {
            setDay(d);
            setNotice(null);
          }}
          onPick={pick}
          holdingAt={holdingAt}
          notice={notice}
          onChangeServices={() => setStep('services')}
        />
      )}
      {step === 'details' && hold && (
        <BookingDetailsStep
          page={page}
          hold={hold}
          services={selected}
          link={link}
          onBack={() => {
            release();
            refreshTimes();
            setStep('time');
          }}
          onLost={(reason) => {
            setHold(null);
            setNotice(reason);
            refreshTimes();
            setStep('time');
          }}
          onBooked={(r) => {
            setHold(null);
            setResult(r);
            refreshTimes();
          }}
        />
      )}
    </Box>
  );
}

/**
 * The customer's booking flow (issue 16): services → day and free time (held for a few minutes) → name, phone and
 * consent → "Request sent". `link` is a booking link's code: the page then knows the customer and asks neither.
 */
export function BookingFlow({ slug, link }: { slug: string; link?: string }) {
  const { t } = useTranslation();
  const query = useBookingPageQuery({ slug, link });
  let content;
  if (query.isPending)
    content = (
      <Box sx={{ display: 'flex', justifyContent: 'center', py: 8 }} data-testid="booking-loading">
        <CircularProgress aria-label={t('loading')} />
      </Box>
    );
  else if (query.isError) {
    const status = query.error instanceof ApiError ? query.error.status : 0;
    const missing = status === 404 || status === 400 || status === 403;
    content = (
      <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
        <Alert severity={missing || status === 410 ? 'info' : 'error'} data-testid="booking-page-error" data-status={status}>
          {status === 410 ? `${t('link_expired')} ${t('booking_link_expired_hint')}` : t(missing ? 'booking_page_not_found' : 'public_page_load_failed')}
        </Alert>
        {!missing && status !== 410 && (
          <Button variant="outlined" onClick={() => void query.refetch()}>
            {t('public_page_retry')}
          </Button>
        )}
      </Box>
    );
  } else content = <Flow page={query.data} link={link} />;

  return (
    <Box sx={{ px: 2, pt: 2, pb: 3 }} data-testid="booking-page">
      {query.isPending && <PageTitle page={undefined} />}
      {content}
    </Box>
  );
}
