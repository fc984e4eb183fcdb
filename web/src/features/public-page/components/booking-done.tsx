import CheckCircleOutline from '@mui/icons-material/CheckCircleOutlined';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { TPublicBookingResult } from '@cd/contracts/appointment';
import { bookingDateTimeOf, zoneLabelOf } from '../lib/booking-page';
import { SummaryRow } from './booking-parts';

/** The end of the flow: what was asked for, and that the shop confirms by text (or, if it booked at once, that it did). */
export function BookingDone({ result }: { result: TPublicBookingResult }) {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  const when = bookingDateTimeOf({ startsAt: result.startsAt, timeZone: result.timezone, language });
  const zone = zoneLabelOf({ timeZone: result.timezone, language, at: new Date(result.startsAt) });
  const confirmed = result.status === 'confirmed';
  return (
    <Box
      sx={{ display: 'flex', flexDirection: 'column', gap: 2.5, alignItems: 'stretch' }}
      role="status"
      data-testid="booking-done"
      data-status={result.status}
    >
      <Box sx={{ display: 'flex', flexDirection: 'column', alignItems: 'center', gap: 1, textAlign: 'center', pt: 2 }}>
        <CheckCircleOutline color="success" sx={{ fontSize: 64 }} />
        <Typography variant="h5" component="h1" sx={{ fontWeight: 700 }}>
          {t(confirmed ? 'booking_done_confirmed_title' : 'booking_done_title')}
        </Typography>
        <Typography color="text.secondary">{t(confirmed ? 'booking_done_confirmed_text' : 'booking_done_text')}</Typography>
      </Box>
      <Paper variant="outlined" sx={{ p: 2, borderRadius: 2, display: 'flex', flexDirection: 'column', gap: 1.5 }}>
        <SummaryRow label={t('booking_when')} testId="booking-done-when">
          {when.day}
          <br />
          <Box component="span" sx={{ fontSize: '1.25rem', fontWeight: 700 }}>
            {when.time}
          </Box>
          <Typography variant="caption" color="text.secondary" component="div">
            {t('booking_times_in_zone', { zone })}
          </Typography>
        </SummaryRow>
        <SummaryRow label={t('booking_services_label')} testId="booking-done-services">
          {result.services.join(', ')}
        </SummaryRow>
      </Paper>
    </Box>
  );
}
