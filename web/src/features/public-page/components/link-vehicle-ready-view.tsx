import AccessTime from '@mui/icons-material/AccessTime';
import CheckCircleOutline from '@mui/icons-material/CheckCircleOutlined';
import Phone from '@mui/icons-material/PhoneOutlined';
import Place from '@mui/icons-material/PlaceOutlined';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { useMemo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { WEEKDAYS } from '@cd/contracts/company';
import type { TPublicVehicleReadyPage } from '@cd/contracts/customer-link';
import { formatCents } from '@cd/contracts/money';
import { formatPhone } from '../../../lib/format';
import { weekDatesOf, zonedTimeOf } from '../lib/link-pages';
import { OrderHead } from './link-parts';

function Row({ icon, children, testId }: { icon: ReactNode; children: ReactNode; testId?: string }) {
  return (
    <Box sx={{ display: 'flex', gap: 1.5, alignItems: 'flex-start' }} data-testid={testId}>
      <Box sx={{ color: 'primary.main', mt: 0.25 }}>{icon}</Box>
      <Box sx={{ flex: 1, minWidth: 0 }}>{children}</Box>
    </Box>
  );
}

/** Vehicle ready: where and when to pick it up (hours in the company's time zone) and the amount due. */
export function LinkVehicleReadyView({ page }: { page: TPublicVehicleReadyPage }) {
  const { t, i18n } = useTranslation();
  const { pickup } = page;
  // The page's own i18n instance carries the company's language, so the hours read the way the rest of the page does.
  const time = (hhmm: string, day: Date) => zonedTimeOf({ hhmm, day, timezone: pickup.timezone, language: i18n.language });
  const week = useMemo(() => weekDatesOf(new Date()), []);
  return (
    <Box data-testid="link-vehicle-ready-page">
      <OrderHead
        page={page}
        title={
          <Box component="span" sx={{ display: 'inline-flex', alignItems: 'center', gap: 1 }}>
            <CheckCircleOutline color="success" /> {t('public_vehicle_ready_title')}
          </Box>
        }
      />
      <Box sx={{ px: 2, pb: 3, display: 'flex', flexDirection: 'column', gap: 2 }}>
        {page.amountDue !== null && (
          <Box sx={{ p: 2, borderRadius: 2, bgcolor: 'action.hover', textAlign: 'center' }} data-testid="link-amount-due">
            <Typography variant="overline" color="text.secondary">
              {t('public_amount_due')}
            </Typography>
            <Typography variant="h4" component="div" sx={{ fontWeight: 700 }}>
              {formatCents(page.amountDue)}
            </Typography>
          </Box>
        )}
        {pickup.address && (
          <Row icon={<Place />} testId="link-pickup-address">
            <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap' }}>
              {pickup.address}
            </Typography>
            <Link variant="body2" href={`https://maps.google.com/?q=${encodeURIComponent(pickup.address)}`} target="_blank" rel="noopener">
              {t('public_open_map')}
            </Link>
          </Row>
        )}
        {pickup.phone && (
          <Row icon={<Phone />}>
            <Link href={`tel:${pickup.phone}`} variant="body2" sx={{ fontWeight: 600 }}>
              {formatPhone(pickup.phone)}
            </Link>
          </Row>
        )}
        {pickup.hours && (
          <Row icon={<AccessTime />} testId="link-pickup-hours">
            <Typography variant="body2" sx={{ fontWeight: 600, mb: 0.5 }}>
              {t('public_pickup_hours')}
            </Typography>
            {WEEKDAYS.map((day) => {
              const h = pickup.hours![day];
              const text =
                h.isOffDay || h.intervals.length === 0
                  ? t('public_closed_day')
                  : h.intervals.map((iv) => `${time(iv.startsAt, week[day])} – ${time(iv.endsAt, week[day])}`).join(', ');
              return (
                <Box key={day} sx={{ display: 'flex', gap: 1, fontSize: 14 }}>
                  <Typography variant="body2" sx={{ width: 110, color: 'text.secondary' }}>
                    {t(`weekday_${day}`)}
                  </Typography>
                  <Typography variant="body2">{text}</Typography>
                </Box>
              );
            })}
          </Row>
        )}
      </Box>
    </Box>
  );
}
