import FileDownloadOutlined from '@mui/icons-material/FileDownloadOutlined';
import PrintOutlined from '@mui/icons-material/PrintOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import GlobalStyles from '@mui/material/GlobalStyles';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { CHANNELS } from '@cd/contracts/customer';
import { useColleagues } from '../../../api/get-colleagues';
import { fullName } from '../../../lib/format';
import { isCompanyAdmin, useCurrentUser } from '../../../lib/current-user';
import { useExportAnalytics } from '../api/export-analytics';
import { useAnalytics } from '../api/get-analytics';
import { usDay } from '../lib/analytics-format';
import { exportFileNameOf, readAnalyticsSearch, writeAnalyticsSearch, type TAnalyticsSearch } from '../lib/analytics-search';
import { saveBlob } from '../../../lib/save-blob';
import { AnalyticsCharts } from './analytics-charts';
import { AnalyticsFilters, type TAgentOption } from './analytics-filters';
import { AnalyticsSummary } from './analytics-summary';
import { AgentTable, ChannelTable } from './analytics-tables';
import { ResponseTargetsTable } from './response-targets-table';
import { SuggestionStatsCard } from './suggestion-stats-card';

/** Printing keeps the figures only: the app's bars, menus and the filter controls are hidden. */
const printStyles = (
  <GlobalStyles
    styles={{
      '@media print': {
        'header, nav, .MuiAppBar-root, .MuiDrawer-root, [data-testid="side-menu"], [data-print="hide"]': { display: 'none !important' },
        body: { background: '#fff' },
      },
    }}
  />
);

/** Interactive usage analytics `/analytics` (spec part 1 §2; issue 19): a range, agent and channel filters, charts, tables, CSV. */
export function AnalyticsPage() {
  const { t } = useTranslation();
  const me = useCurrentUser();
  const admin = isCompanyAdmin(me);
  const [params, setParams] = useSearchParams();
  const search = readAnalyticsSearch(params);
  const metrics = useAnalytics(search);
  const colleagues = useColleagues({ enabled: admin });
  const exporter = useExportAnalytics();
  const data = metrics.data;

  // Everyone who can appear: colleagues, the admin, and anyone the figures name (a disabled agent of the past).
  const agents = useMemo<TAgentOption[]>(() => {
    const byId = new Map<number, string>();
    byId.set(me.id, fullName(me));
    for (const c of colleagues.data ?? []) byId.set(c.id, fullName(c));
    for (const a of data?.perAgent ?? []) if (!byId.has(a.userId)) byId.set(a.userId, a.name);
    return [...byId].map(([id, name]) => ({ id, name })).sort((a, b) => a.name.localeCompare(b.name));
  }, [me, colleagues.data, data?.perAgent]);

  const update = (next: TAnalyticsSearch) => setParams(writeAnalyticsSearch(next));
  const exportCsv = () => {
    if (!data) return;
    exporter.mutate({ search }, { onSuccess: (blob) => saveBlob({ blob, fileName: exportFileNameOf(data) }) });
  };

  if (!admin) {
    return (
      <Box sx={{ p: { xs: 2, md: 3 } }} data-testid="analytics-page">
        <Alert severity="info" data-testid="analytics-forbidden">
          {t('dashboard_forbidden')}
        </Alert>
      </Box>
    );
  }

  const empty = data && data.messages.inbound + data.messages.outboundHuman + data.messages.outboundAutomated === 0;
  return (
    <Box
      sx={{ p: { xs: 2, md: 3 }, display: 'flex', flexDirection: 'column', gap: 2, maxWidth: 1400, mx: 'auto', width: '100%', boxSizing: 'border-box' }}
      data-testid="analytics-page"
    >
      {printStyles}
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
        <Box sx={{ flex: 1, minWidth: 200 }}>
          <Typography variant="h5" component="h1" sx={{ fontWeight: 700 }}>
            {t('screen_analytics')}
          </Typography>
          {data && (
            <Typography variant="body2" color="text.secondary" data-testid="analytics-range">
              {t('analytics_range', { from: usDay(data.from), to: usDay(data.to), timeZone: data.timeZone })}
            </Typography>
          )}
        </Box>
        <Box sx={{ display: 'flex', gap: 1 }} data-print="hide">
          <Button variant="outlined" size="small" startIcon={<PrintOutlined />} onClick={() => window.print()} data-testid="analytics-print">
            {t('analytics_print')}
          </Button>
          <Button
            variant="outlined"
            size="small"
            startIcon={exporter.isPending ? <CircularProgress size={16} color="inherit" /> : <FileDownloadOutlined />}
            disabled={!data || exporter.isPending}
            onClick={exportCsv}
            data-testid="analytics-export"
          >
            {t('analytics_export')}
          </Button>
        </Box>
      </Box>

      <Box data-print="hide">
        <AnalyticsFilters search={search} shown={data ? { from: data.from, to: data.to } : null} agents={agents} channels={CHANNELS} onChange={update} />
      </Box>

      {metrics.isError && !data ? (
        <Alert
          severity="error"
          data-testid="analytics-error"
          action={
            <Button color="inherit" size="small" onClick={() => void metrics.refetch()} data-testid="analytics-retry">
              {t('retry')}
            </Button>
          }
        >
          {t('analytics_load_failed')}
        </Alert>
      ) : !data ? (
        <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2 }} aria-busy="true" data-testid="analytics-loading">
          <Skeleton variant="rounded" height={80} />
          <Skeleton variant="rounded" height={280} />
        </Box>
      ) : (
        <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2, opacity: metrics.isPlaceholderData ? 0.6 : 1, transition: 'opacity 150ms' }}>
          {metrics.isError && (
            <Alert severity="error" data-testid="analytics-error">
              {t('analytics_load_failed')}
            </Alert>
          )}
          <AnalyticsSummary metrics={data} />
          {empty ? (
            <Alert severity="info" variant="outlined" data-testid="analytics-empty">
              {t('analytics_empty')}
            </Alert>
          ) : (
            <>
              <AnalyticsCharts metrics={data} />
              <AgentTable metrics={data} />
              <ChannelTable metrics={data} />
              {data.responseTargets && data.responseTargets.waits > 0 && <ResponseTargetsTable targets={data.responseTargets} />}
            </>
          )}
          <SuggestionStatsCard />
        </Box>
      )}
    </Box>
  );
}
