import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { TSurvey } from '@cd/contracts/survey';
import { formatListTotal } from '../../../lib/format';
import { uniqueMembers } from '../../../lib/paged-list';
import type { useSurveys } from '../api/get-surveys';
import { ResolveSurveyDialog } from './resolve-survey-dialog';
import { SurveyCard } from './survey-card';

/** The list of sent surveys: skeleton, error with retry, empty state, cards, "load more" along the server's next link. */
export function SurveyList({ query, timeZone }: { query: ReturnType<typeof useSurveys>; timeZone: string }) {
  const { t } = useTranslation();
  const [resolving, setResolving] = useState<TSurvey | null>(null);
  const rows = uniqueMembers(query.data);
  const first = query.data?.pages[0];

  if (query.isError && !query.data) {
    return (
      <Alert
        severity="error"
        data-testid="surveys-error"
        action={
          <Button type="button" color="inherit" size="small" onClick={() => void query.refetch()} data-testid="surveys-retry">
            {t('retry')}
          </Button>
        }
      >
        {t('surveys_load_failed')}
      </Alert>
    );
  }
  if (query.isPending) {
    return (
      <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1.5 }} data-testid="surveys-loading" aria-busy>
        {[0, 1, 2].map((i) => (
          <Skeleton key={i} variant="rounded" height={132} />
        ))}
      </Box>
    );
  }
  if (rows.length === 0) {
    return (
      <Paper variant="outlined" sx={{ py: 6, px: 2, textAlign: 'center' }} data-testid="surveys-empty">
        <Typography variant="subtitle1" sx={{ fontWeight: 600 }}>
          {t('surveys_empty')}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {t('surveys_empty_hint')}
        </Typography>
      </Paper>
    );
  }
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1.5, opacity: query.isPlaceholderData ? 0.6 : 1 }} data-testid="surveys-list">
      {rows.map((s) => (
        <SurveyCard key={s.id} survey={s} timeZone={timeZone} onResolve={setResolving} />
      ))}
      <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 2, py: 0.5 }}>
        <Typography variant="body2" color="text.secondary" data-testid="surveys-count">
          {t('surveys_count', { shown: rows.length, total: formatListTotal(first) || rows.length })}
        </Typography>
        {query.hasNextPage && (
          <Button
            type="button"
            variant="outlined"
            size="small"
            disabled={query.isFetchingNextPage}
            onClick={() => void query.fetchNextPage()}
            data-testid="surveys-more"
          >
            {t('load_more')}
          </Button>
        )}
      </Box>
      {query.isFetchNextPageError && <Alert severity="error">{t('surveys_load_failed')}</Alert>}
      {resolving && <ResolveSurveyDialog survey={resolving} onClose={() => setResolving(null)} />}
    </Box>
  );
}
