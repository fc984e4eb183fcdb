import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import type { UseQueryResult } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { TOfferAudienceSize } from '@cd/contracts/offers';

const EXCLUSIONS = [
  ['noMarketingConsent', 'offers_excluded_no_consent'],
  ['optedOut', 'offers_excluded_opted_out'],
  ['dailyCap', 'offers_excluded_daily_cap'],
] as const;

/** Who the saved offer would reach now, and who is left out and why (before anything is sent). */
export function AudienceSize({ size }: { size: UseQueryResult<TOfferAudienceSize> }) {
  const { t } = useTranslation();
  if (size.isPending) return <Skeleton variant="rounded" height={88} data-testid="offer-audience-size-loading" />;
  if (size.isError)
    return (
      <Alert severity="error" action={<Button onClick={() => void size.refetch()}>{t('retry')}</Button>} data-testid="offer-audience-size-error">
        {t('offers_audience_size_failed')}
      </Alert>
    );
  const s = size.data;
  const excluded = EXCLUSIONS.filter(([key]) => s.excluded[key] > 0);
  return (
    <Box sx={{ border: 1, borderColor: 'divider', borderRadius: 1, p: 2 }} data-testid="offer-audience-size" data-eligible={s.eligible}>
      <Typography variant="h4" component="p" sx={{ fontWeight: 700, fontVariantNumeric: 'tabular-nums' }} data-testid="offer-audience-eligible">
        {s.eligible}
      </Typography>
      <Typography>{t('offers_audience_will_get', { count: s.eligible })}</Typography>
      <Typography variant="body2" color="text.secondary">
        {t('offers_audience_total', { count: s.total })}
      </Typography>
      {s.deferred > 0 && (
        <Typography variant="body2" color="text.secondary" data-testid="offer-audience-deferred">
          {t('offers_audience_deferred', { count: s.deferred })}
        </Typography>
      )}
      {excluded.length > 0 && (
        <Box component="ul" sx={{ m: 0, mt: 1, pl: 2.5 }} data-testid="offer-audience-excluded">
          {excluded.map(([key, label]) => (
            <Typography component="li" variant="body2" key={key} data-testid={`offer-excluded-${key}`}>
              {t(label, { count: s.excluded[key] })}
            </Typography>
          ))}
        </Box>
      )}
    </Box>
  );
}
