import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { TOfferResults } from '@cd/contracts/offers';

const FIGURES = [
  ['sent', 'offers_result_sent'],
  ['delivered', 'offers_result_delivered'],
  ['replied', 'offers_result_replied'],
  ['optedOut', 'offers_result_opted_out'],
] as const;

/** An offer's results: sent, delivered, replied, opted out (failed and skipped when any). */
export function OfferResults({ results, testId }: { results: TOfferResults; testId: string }) {
  const { t } = useTranslation();
  const extra = (['failed', 'skipped'] as const).filter((k) => results[k] > 0);
  return (
    <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap' }} data-testid={testId}>
      {FIGURES.map(([key, label]) => (
        <Box key={key} sx={{ minWidth: 64 }} data-testid={`${testId}-${key}`} data-value={results[key]}>
          <Typography variant="body1" sx={{ fontWeight: 700, fontVariantNumeric: 'tabular-nums', lineHeight: 1.2 }}>
            {results[key]}
          </Typography>
          <Typography variant="caption" color="text.secondary">
            {t(label)}
          </Typography>
        </Box>
      ))}
      {extra.map((key) => (
        <Box key={key} sx={{ minWidth: 64 }} data-testid={`${testId}-${key}`} data-value={results[key]}>
          <Typography
            variant="body1"
            color={key === 'failed' ? 'error' : 'text.secondary'}
            sx={{ fontWeight: 700, fontVariantNumeric: 'tabular-nums', lineHeight: 1.2 }}
          >
            {results[key]}
          </Typography>
          <Typography variant="caption" color="text.secondary">
            {t(`offers_result_${key}`)}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}
