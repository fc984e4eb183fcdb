import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import ButtonBase from '@mui/material/ButtonBase';
import Checkbox from '@mui/material/Checkbox';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { APPOINTMENT_SERVICES_MAX } from '@cd/contracts/appointment-constants';
import type { TPublicBookingPage } from '@cd/contracts/appointment';
import { formatCents } from '@cd/contracts/money';
import { totalDurationOf } from '../lib/booking-page';
import { StepTitle, useDurationLabel } from './booking-parts';

/**
 * Step 1: the services, each a full-width tap target with its duration; the total below grows as they are chosen.
 * The continue button stays at the bottom of the screen on a phone, so a long list never hides it.
 */
export function BookingServicesStep(props: { page: TPublicBookingPage; selected: readonly number[]; onToggle: (id: number) => void; onContinue: () => void }) {
  const { t } = useTranslation();
  const durationLabel = useDurationLabel();
  const { page, selected } = props;
  const total = totalDurationOf({ services: page.services, selected });
  const full = selected.length >= APPOINTMENT_SERVICES_MAX;

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2 }} data-testid="booking-services-step">
      <StepTitle title={t('booking_services_title')} subtitle={t('booking_services_hint')} />
      <Box role="group" aria-label={t('booking_services_title')} sx={{ display: 'flex', flexDirection: 'column', gap: 1 }}>
        {page.services.map((s) => {
          const on = selected.includes(s.id);
          const disabled = !on && full;
          return (
            <ButtonBase
              key={s.id}
              role="checkbox"
              aria-checked={on}
              aria-disabled={disabled}
              disabled={disabled}
              onClick={() => props.onToggle(s.id)}
              data-testid={`booking-service-${s.id}`}
              sx={{
                display: 'flex',
                alignItems: 'flex-start',
                justifyContent: 'flex-start',
                textAlign: 'left',
                gap: 1,
                p: 1.5,
                pl: 0.5,
                minHeight: 64,
                borderRadius: 2,
                border: 1,
                borderColor: on ? 'primary.main' : 'divider',
                bgcolor: on ? 'action.selected' : 'transparent',
                opacity: disabled ? 0.5 : 1,
                '&.Mui-focusVisible': { outline: 2, outlineColor: 'primary.main', outlineOffset: 2 },
              }}
            >
              <Checkbox checked={on} tabIndex={-1} disableRipple sx={{ p: 0.75, mt: -0.25 }} slotProps={{ input: { 'aria-hidden': true } }} />
              <Box sx={{ flex: 1, minWidth: 0 }}>
                <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>{s.title}</Typography>
                {s.description && (
                  <Typography
                    variant="body2"
                    color="text.secondary"
                    sx={{ overflowWrap: 'anywhere', display: '-webkit-box', WebkitLineClamp: 3, WebkitBoxOrient: 'vertical', overflow: 'hidden' }}
                  >
                    {s.description}
                  </Typography>
                )}
              </Box>
              <Box sx={{ display: 'flex', flexDirection: 'column', alignItems: 'flex-end', gap: 0.5, flexShrink: 0 }}>
                <Chip size="small" label={durationLabel(s.duration)} variant="outlined" data-testid="booking-service-duration" />
                {s.price > 0 && (
                  <Typography variant="body2" color="text.secondary">
                    {formatCents(s.price)}
                  </Typography>
                )}
              </Box>
            </ButtonBase>
          );
        })}
      </Box>
      {full && (
        <Typography variant="body2" color="text.secondary">
          {t('booking_services_max', { max: APPOINTMENT_SERVICES_MAX })}
        </Typography>
      )}
      <Box
        sx={{
          position: 'sticky',
          bottom: 0,
          mx: -2,
          px: 2,
          py: 1.5,
          bgcolor: 'background.paper',
          borderTop: 1,
          borderColor: 'divider',
          display: 'flex',
          alignItems: 'center',
          gap: 2,
        }}
      >
        <Box sx={{ flex: 1, minWidth: 0 }} aria-live="polite">
          <Typography variant="caption" color="text.secondary" component="div">
            {t('booking_total_duration')}
          </Typography>
          <Typography sx={{ fontWeight: 700 }} data-testid="booking-total-duration">
            {selected.length === 0 ? '—' : durationLabel(total)}
          </Typography>
        </Box>
        <Button
          variant="contained"
          size="large"
          disabled={selected.length === 0}
          onClick={props.onContinue}
          sx={{ minHeight: 48, px: 3 }}
          data-testid="booking-services-continue"
        >
          {t('booking_continue')}
        </Button>
      </Box>
    </Box>
  );
}
