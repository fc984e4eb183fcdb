import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Divider from '@mui/material/Divider';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { TPublicStatusPage } from '@cd/contracts/customer-link';
import { REPAIR_ORDER_STATE_LABEL_KEYS, REPAIR_ORDER_STATUS_LABEL_KEYS } from '@cd/contracts/repair-order';
import { formatPublicDateTime, OrderHead, PublicLineStatus } from './link-parts';

/** Repair order status: number, vehicle, work status, promised time, the lines and their state (no prices). */
export function LinkStatusView({ page }: { page: TPublicStatusPage }) {
  const { t, i18n } = useTranslation();
  const o = page.repairOrder;
  return (
    <Box data-testid="link-status-page">
      <OrderHead page={page} title={o.title} />
      <Box sx={{ px: 2, pb: 2, display: 'flex', flexDirection: 'column', gap: 1.5 }}>
        <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
          <Chip color="primary" label={t(REPAIR_ORDER_STATUS_LABEL_KEYS[o.status])} data-testid="link-status-status" />
          <Chip variant="outlined" label={t(REPAIR_ORDER_STATE_LABEL_KEYS[o.state])} />
        </Box>
        <Typography variant="body2">
          {o.closedAt
            ? t('public_closed_at', { time: formatPublicDateTime(o.closedAt, i18n.language) })
            : o.promisedAt
              ? t('public_promised_at', { time: formatPublicDateTime(o.promisedAt, i18n.language) })
              : t('public_no_promised_time')}
        </Typography>
        {o.lines.length > 0 && (
          <>
            <Divider />
            <Typography variant="overline" color="text.secondary" sx={{ fontWeight: 700 }}>
              {t('public_work_items')}
            </Typography>
            {o.lines.map((line, i) => (
              <Box key={i} sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
                <Typography variant="body2" sx={{ flex: 1, overflowWrap: 'anywhere' }}>
                  {line.description}
                </Typography>
                <PublicLineStatus status={line.status} />
              </Box>
            ))}
          </>
        )}
      </Box>
    </Box>
  );
}
