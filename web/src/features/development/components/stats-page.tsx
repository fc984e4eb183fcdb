import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { OUTSIDE_VENDORS, type TDevStats } from '@cd/contracts/dev-logs';
import { LoadErrorAlert } from '../../../components/ui/load-error-alert';
import { useDevStats } from '../api/get-dev-stats';
import { formatAge, formatDuration, formatLogTime, formatPerMinute, formatRate } from '../lib/dev-format';
import { readStatsSearch, STATS_RANGES, writeStatsSearch, type TStatsSearch } from '../lib/dev-search';
import { CompanyFilter } from './company-filter';
import { FilterSelect } from './filter-select';
import { FiguresTable, QueueTable } from './stats-tables';

// The charts library is large: it loads after the figures, and only on this screen.
const StatsCharts = lazy(() => import('./stats-charts').then((m) => ({ default: m.StatsCharts })));

function Card({ label, value, note, testId, tone }: { label: string; value: string; note?: string; testId: string; tone?: 'error' | 'warning' }) {
  return (
    <Paper variant="outlined" sx={{ p: 2, minWidth: 0 }}>
      <Typography variant="body2" color="text.secondary">
        {label}
      </Typography>
      <Typography variant="h5" component="p" sx={{ fontWeight: 700, color: tone ? `${tone}.main` : undefined }} data-testid={testId}>
        {value}
      </Typography>
      {note && (
        <Typography variant="caption" color="text.secondary">
          {note}
        </Typography>
      )}
    </Paper>
  );
}

function StatsCards({ stats }: { stats: TDevStats }) {
  const { t } = useTranslation();
  const { total, webhooks, queue } = stats;
  return (
    <Box
      sx={{
        display: 'grid',
        gap: 2,
        gridTemplateColumns: { xs: 'repeat(2, minmax(0, 1fr))', md: 'repeat(4, minmax(0, 1fr))', xl: 'repeat(7, minmax(0, 1fr))' },
      }}
    >
      <Card label={t('dev_stats_calls')} value={String(total.calls)} note={t('dev_stats_errors_count', { n: total.errors })} testId="dev-stats-calls" />
      <Card
        label={t('dev_stats_error_rate')}
        value={formatRate(total.errorRate)}
        testId="dev-stats-error-rate"
        tone={total.errorRate > 0.05 ? 'error' : undefined}
      />
      <Card label="p50 / p95" value={`${formatDuration(total.p50Ms)} / ${formatDuration(total.p95Ms)}`} testId="dev-stats-latency" />
      <Card label={t('dev_stats_per_minute')} value={formatPerMinute(total.callsPerMinute)} testId="dev-stats-per-minute" />
      <Card
        label={t('dev_stats_webhooks')}
        value={String(webhooks.received)}
        note={t('dev_stats_webhooks_note', { rejected: webhooks.rejected, failed: webhooks.failed })}
        testId="dev-stats-webhooks"
        tone={webhooks.failed > 0 ? 'warning' : undefined}
      />
      <Card
        label={t('dev_stats_queue_due')}
        value={String(queue.due)}
        note={t('dev_stats_queue_note', { scheduled: queue.scheduled, running: queue.running, failed: queue.failed })}
        testId="dev-stats-queue-due"
      />
      <Card
        label={t('dev_stats_oldest_due')}
        value={formatAge(queue.oldestDueAgeSeconds)}
        testId="dev-stats-oldest-due"
        tone={(queue.oldestDueAgeSeconds ?? 0) > 300 ? 'warning' : undefined}
      />
    </Box>
  );
}

/** `/development/stats` (super admins): outside calls, webhooks and the job queue over a range, filters in the address. */
export function StatsPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const search = readStatsSearch(params);
  const stats = useDevStats(search);
  const data = stats.data;
  const update = (patch: Partial<TStatsSearch>) => setParams(writeStatsSearch({ ...search, ...patch }));
  const vendors = search.vendor && !(OUTSIDE_VENDORS as readonly string[]).includes(search.vendor) ? [search.vendor, ...OUTSIDE_VENDORS] : OUTSIDE_VENDORS;

  return (
    <Box sx={{ p: { xs: 2, md: 3 }, display: 'flex', flexDirection: 'column', gap: 2 }} data-testid="dev-stats-page">
      <Box>
        <Typography variant="h5" component="h1" sx={{ fontWeight: 700 }}>
          {t('menu_development_stats')}
        </Typography>
        {data && (
          <Typography variant="body2" color="text.secondary" data-testid="dev-stats-range">
            {t('dev_stats_range', { from: formatLogTime(data.from), to: formatLogTime(data.to) })}
          </Typography>
        )}
      </Box>
      <Box sx={{ display: 'flex', gap: 1.5, flexWrap: 'wrap', alignItems: 'center' }} role="search" aria-label={t('dev_filters')}>
        <ToggleButtonGroup
          size="small"
          exclusive
          value={search.range}
          onChange={(_e, range: TStatsSearch['range'] | null) => range && update({ range })}
          aria-label={t('dev_range')}
          data-testid="dev-stats-range-presets"
        >
          {STATS_RANGES.map((r) => (
            <ToggleButton key={r} value={r} data-testid={`dev-stats-range-${r}`}>
              {t(`dev_range_${r}`)}
            </ToggleButton>
          ))}
        </ToggleButtonGroup>
        <CompanyFilter value={search.company} onChange={(company) => update({ company })} testId="dev-stats-company" />
        <FilterSelect
          id="dev-stats-vendor"
          label={t('dev_vendor')}
          value={search.vendor}
          options={vendors}
          labelOf={(v) => v}
          onChange={(vendor) => update({ vendor })}
        />
      </Box>
      {stats.isError && !data ? (
        <LoadErrorAlert error={stats.error} failedText={t('dev_stats_load_failed')} onRetry={() => void stats.refetch()} testId="dev-stats-error" />
      ) : !data ? (
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: 'repeat(2, 1fr)', md: 'repeat(4, 1fr)' } }} data-testid="dev-stats-loading">
          {Array.from({ length: 8 }, (_, i) => (
            <Skeleton key={i} variant="rounded" height={88} />
          ))}
        </Box>
      ) : (
        <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2, opacity: stats.isPlaceholderData ? 0.6 : 1, transition: 'opacity 0.2s' }}>
          <StatsCards stats={data} />
          {data.total.calls === 0 ? (
            <Paper variant="outlined" sx={{ p: 4, textAlign: 'center' }} data-testid="dev-stats-empty">
              <Typography color="text.secondary">{t('dev_stats_no_calls')}</Typography>
            </Paper>
          ) : (
            <Suspense fallback={<Skeleton variant="rounded" height={300} />}>
              <StatsCharts stats={data} />
            </Suspense>
          )}
          <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', xl: 'repeat(2, minmax(0, 1fr))' } }}>
            <FiguresTable
              title={t('dev_stats_by_vendor')}
              testId="dev-stats-by-vendor"
              keyLabel={t('dev_vendor')}
              rows={data.byVendor}
              keyOf={(r) => r.vendor}
              cellOf={(r) => (
                <Link component="button" type="button" onClick={() => update({ vendor: r.vendor })} sx={{ fontFamily: 'monospace' }}>
                  {r.vendor}
                </Link>
              )}
            />
            <FiguresTable
              title={t('dev_stats_by_company')}
              testId="dev-stats-by-company"
              keyLabel={t('dev_company')}
              rows={data.byCompany}
              keyOf={(r) => String(r.companyId)}
              cellOf={(r) =>
                r.companyId === null ? (
                  t('dev_no_company')
                ) : (
                  <Link component="button" type="button" onClick={() => update({ company: String(r.companyId) })} sx={{ textAlign: 'left' }}>
                    {r.companyName ?? `#${r.companyId}`}
                  </Link>
                )
              }
            />
          </Box>
          <QueueTable queue={data.queue} />
        </Box>
      )}
    </Box>
  );
}
