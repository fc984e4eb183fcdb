import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { TPublicLinkPage } from '@cd/contracts/customer-link';
import { REPAIR_ORDER_LINE_STATUS_LABEL_KEYS, type TRepairOrderLineStatus } from '@cd/contracts/repair-order-line';
import { vehicleDisplayName } from '@cd/contracts/vehicle';

const LINE_COLOR: Record<TRepairOrderLineStatus, 'warning' | 'success' | 'error' | 'default'> = {
  pending: 'warning',
  approved: 'success',
  denied: 'error',
  rejected: 'default',
};

export function PublicLineStatus({ status, testId }: { status: TRepairOrderLineStatus; testId?: string }) {
  const { t } = useTranslation();
  return (
    <Chip
      size="small"
      color={LINE_COLOR[status]}
      variant={status === 'pending' ? 'outlined' : 'filled'}
      label={t(REPAIR_ORDER_LINE_STATUS_LABEL_KEYS[status])}
      data-testid={testId}
      data-status={status}
    />
  );
}

/** "Repair order #123 · 2019 Toyota Corolla" under the title; a survey without an order shows the title alone. */
export function OrderHead({
  page,
  title,
}: {
  page: Pick<Exclude<TPublicLinkPage, { purpose: 'booking' | 'payment' | 'questionnaire' }>, 'repairOrder'>;
  title: ReactNode;
}) {
  const { t } = useTranslation();
  const o = page.repairOrder;
  return (
    <Box sx={{ px: 2, pt: 2, pb: 1 }}>
      <Typography variant="h6" component="h1" sx={{ fontWeight: 700, lineHeight: 1.25 }}>
        {title}
      </Typography>
      {o && (
        <Typography variant="body2" color="text.secondary" data-testid="link-page-order">
          {t('public_repair_order_number', { number: o.number })}
          {o.vehicle ? ` · ${vehicleDisplayName(o.vehicle)}` : ''}
        </Typography>
      )}
    </Box>
  );
}

/** Dates on public pages: the visitor's own locale and zone (their phone), e.g. "Tue, Nov 24, 3:30 PM". */
export function formatPublicDateTime(value: string | null | undefined, language: string): string {
  if (!value) return '';
  const d = new Date(value);
  if (Number.isNaN(d.getTime())) return '';
  const locale = language === 'en' ? 'en-US' : language;
  return new Intl.DateTimeFormat(locale, { weekday: 'short', month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit' }).format(d);
}
