import { useEffect, useRef, useState } from 'react';
import TimerOutlined from '@mui/icons-material/TimerOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Chip from '@mui/material/Chip';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { TPublicBookingPage, TPublicBookingResult } from '@cd/contracts/appointment';
import { useCreatePublicBooking } from '../api/create-public-booking';
import { bookingDateTimeOf, bookingErrorOf, formatCountdown, totalDurationOf, zoneLabelOf, type TBookingError } from '../lib/booking-page';
import { normalizePhoneInput } from '../../../lib/public-form';
import { StepTitle, SummaryRow, useDurationLabel } from './booking-parts';

export interface THeldSlot {
  token: string;
  startsAt: string;
  endsAt: string;
  /** When the hold ends on this device's clock (holdDeadlineOf). */
  deadline: number;
}

const NOTES_MAX = 500;
type TField = 'name' | 'phone' | 'consent';

/** Seconds left on the hold, ticking once a second; `onExpired` fires once when it reaches zero. */
function useCountdown(deadline: number, onExpired: () => void): number {
  const [now, setNow] = useState(() => Date.now());
  const expired = useRef(false);
  const left = deadline - now;
  useEffect(() => {
    const h = window.setInterval(() => setNow(Date.now()), 1000);
    return () => window.clearInterval(h);
  }, []);
  useEffect(() => {
    if (left <= 0 && !expired.current) {
      expired.current = true;
      onExpired();
    }
  }, [left, onExpired]);
  return left;
}

/** Terms URLs may be stored without a scheme (spec: domain-only URLs are valid). */
function termsHref(url: string): string {
  return /^https?:\/\//i.test(url) ? url : `https://${url}`;
}

/**
 * Step 3: the held time with its countdown, then name and phone (not asked on a booking link, which knows the
 * customer), the consent to texts about the appointment, optional notes, and the confirm button. A hold that ran out
 * or a time taken meanwhile sends the customer back to the times (`onLost`); everything typed stays.
 */
export function BookingDetailsStep(props: {
  page: TPublicBookingPage;
  hold: THeldSlot;
  services: readonly number[];
  link?: string;
  onBack: () => void;
  onLost: (reason: TBookingError) => void;
  onBooked: (result: TPublicBookingResult) => void;
}) {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  const durationLabel = useDurationLabel();
  const { page, hold } = props;
  const create = useCreatePublicBooking();
  const known = page.customer;
  const [name, setName] = useState('');
  const [phone, setPhone] = useState('');
  const [consent, setConsent] = useState(false);
  const [notes, setNotes] = useState('');
  const [errors, setErrors] = useState<Partial<Record<TField, string>>>({});
  const [formError, setFormError] = useState<TBookingError | null>(null);
  const { onLost } = props;
  const left = useCountdown(hold.deadline, () => onLost('hold_expired'));
  const when = bookingDateTimeOf({ startsAt: hold.startsAt, timeZone: page.timezone, language });
  const zone = zoneLabelOf({ timeZone: page.timezone, language, at: new Date(hold.startsAt) });
  const chosen = page.services.filter((s) => props.services.includes(s.id));
  const clear = (field: TField) => setErrors((e) => (e[field] ? { ...e, [field]: undefined } : e));

  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    if (create.isPending) return;
    const next: Partial<Record<TField, string>> = {};
    if (!known && !name.trim()) next.name = t('booking_name_required');
    if (!known && !phone.trim()) next.phone = t('public_page_phone_required');
    if (!consent) next.consent = t('booking_consent_required');
    setErrors(next);
    setFormError(null);
    if (Object.keys(next).length > 0) return;
    create.mutate(
      {
        slug: page.slug,
        body: {
          hold: hold.token,
          ...(known ? {} : { name: name.trim(), phone: normalizePhoneInput(phone) }),
          consent: true,
          notes: notes.trim() || undefined,
          link: props.link,
        },
      },
      {
        onSuccess: props.onBooked,
        onError: (err) => {
          const kind = bookingErrorOf(err);
          if (kind === 'hold_expired' || kind === 'slot_taken') return props.onLost(kind);
          if (kind === 'phone_invalid') return setErrors({ phone: t('public_page_phone_invalid') });
          if (kind === 'name_required') return setErrors({ name: t('booking_name_required') });
          setFormError(kind);
        },
      },
    );
  };

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2 }} data-testid="booking-details-step">
      <StepTitle title={known ? t('booking_details_title_known', { name: known.name }) : t('booking_details_title')} />
      <Paper variant="outlined" sx={{ p: 2, borderRadius: 2, display: 'flex', flexDirection: 'column', gap: 1.5 }} data-testid="booking-summary">
        <Box sx={{ display: 'flex', alignItems: 'flex-start', gap: 1 }}>
          <SummaryRow label={t('booking_when')} testId="booking-summary-when">
            {when.day}
            <br />
            <Box component="span" sx={{ fontSize: '1.25rem', fontWeight: 700 }}>
              {when.time}
            </Box>
          </SummaryRow>
          <Box sx={{ flex: 1 }} />
          <Chip
            icon={<TimerOutlined />}
            color={left < 60_000 ? 'warning' : 'default'}
            label={formatCountdown(left)}
            aria-label={t('booking_held_for', { time: formatCountdown(left) })}
            sx={{ fontVariantNumeric: 'tabular-nums', fontWeight: 700 }}
            data-testid="booking-countdown"
          />
        </Box>
        <Typography variant="caption" color="text.secondary" sx={{ mt: -1 }}>
          {t('booking_times_in_zone', { zone })} · {t('booking_hold_hint')}
        </Typography>
        <SummaryRow label={t('booking_services_label')} testId="booking-summary-services">
          {chosen.map((s) => s.title).join(', ')} · {durationLabel(totalDurationOf({ services: page.services, selected: props.services }))}
        </SummaryRow>
        <Button onClick={props.onBack} sx={{ alignSelf: 'flex-start', ml: -1 }} data-testid="booking-pick-another">
          {t('booking_pick_another')}
        </Button>
      </Paper>
      <Box component="form" noValidate onSubmit={submit} sx={{ display: 'flex', flexDirection: 'column', gap: 2 }} aria-busy={create.isPending}>
        {!known && (
          <>
            <TextField
              id="booking-name"
              label={t('booking_name')}
              autoComplete="name"
              required
              fullWidth
              value={name}
              onChange={(e) => {
                setName(e.target.value);
                clear('name');
              }}
              error={!!errors.name}
              helperText={errors.name}
              slotProps={{ htmlInput: { maxLength: 100, 'data-testid': 'booking-name' } }}
            />
            <TextField
              id="booking-phone"
              label={t('public_page_phone')}
              type="tel"
              autoComplete="tel"
              required
              fullWidth
              value={phone}
              onChange={(e) => {
                setPhone(e.target.value);
                clear('phone');
              }}
              error={!!errors.phone}
              helperText={errors.phone ?? t('public_page_phone_help')}
              slotProps={{ htmlInput: { maxLength: 30, inputMode: 'tel', 'data-testid': 'booking-phone' } }}
            />
          </>
        )}
        <TextField
          id="booking-notes"
          label={t('booking_notes')}
          placeholder={t('booking_notes_placeholder')}
          multiline
          minRows={2}
          fullWidth
          value={notes}
          onChange={(e) => setNotes(e.target.value)}
          helperText={t('survey_page_optional')}
          slotProps={{ htmlInput: { maxLength: NOTES_MAX, 'data-testid': 'booking-notes' } }}
        />
        <Box>
          <FormControlLabel
            sx={{ alignItems: 'flex-start', mr: 0 }}
            control={
              <Checkbox
                checked={consent}
                onChange={(e) => {
                  setConsent(e.target.checked);
                  clear('consent');
                }}
                sx={{ mt: -1 }}
                slotProps={{ input: { 'aria-describedby': 'booking-consent-error', 'data-testid': 'booking-consent' } as object }}
              />
            }
            label={
              <Typography variant="body2">
                {t('booking_consent', { company: page.company.name })}
                {page.company.termsOfService && (
                  <>
                    {' '}
                    <Link href={termsHref(page.company.termsOfService)} target="_blank" rel="noopener noreferrer">
                      {t('public_page_terms')}
                    </Link>
                  </>
                )}
              </Typography>
            }
          />
          {errors.consent && (
            <FormHelperText error id="booking-consent-error">
              {errors.consent}
            </FormHelperText>
          )}
        </Box>
        {formError && (
          <Alert severity={formError === 'link_expired' ? 'info' : 'error'} role="alert" data-testid="booking-error" data-error={formError}>
            {formError === 'link_expired'
              ? `${t('link_expired')} ${t('booking_link_expired_hint')}`
              : t(formError === 'too_many' ? 'booking_too_many' : formError === 'not_accepting' ? 'booking_not_accepting' : 'booking_failed', {
                  company: page.company.name,
                })}
          </Alert>
        )}
        <Button
          type="submit"
          variant="contained"
          size="large"
          loading={create.isPending}
          sx={{ minHeight: 52, fontSize: '1rem', fontWeight: 700 }}
          data-testid="booking-confirm"
        >
          {t('booking_confirm')}
        </Button>
      </Box>
    </Box>
  );
}
