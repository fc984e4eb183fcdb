import InsightsOutlined from '@mui/icons-material/InsightsOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import GlobalStyles from '@mui/material/GlobalStyles';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { localeOf } from '../../../lib/date-locale';
import { isCompanyAdmin, useCurrentUser } from '../../../lib/current-user';
import { useDashboard } from '../api/get-dashboard';
import { useDashboardStats } from '../api/get-dashboard-stats';
import { weekdayOf } from '../lib/dashboard-format';
import { BacklogTable } from './backlog-table';
import { CardHint, MetricCard } from './metric-card';
import { RemindersCard } from './reminders-card';
import { TodayCards } from './today-cards';
import { TrendChart } from './trend-chart';

/** Printing keeps the figures only: the app's bars and menus are hidden. */
export const printStyles = (
  <GlobalStyles
    styles={{
      '@media print': {
        'header, nav, .MuiAppBar-root, .MuiDrawer-root, [data-testid="side-menu"]': { display: 'none !important' },
        body: { background: '#fff' },
      },
    }}
  />
);

const GRID_SX = { display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, minmax(0, 1fr))', lg: 'repeat(4, minmax(0, 1fr))' } } as const;

function StatsCard() {
  const { t } = useTranslation();
  const stats = useDashboardStats();
  const days = stats.data?.days ?? [];
  const range = days.length > 0 ? `/analytics?from=${days[0]!.day}&to=${days[days.length - 1]!.day}` : '/analytics';
  return (
    <MetricCard title={t('dashboard_last_14_days')} to={range} testId="dashboard-stats" wide>
      {stats.isError ? (
        <Alert
          severity="error"
          data-testid="dashboard-stats-error"
          action={
            <Button color="inherit" size="small" onClick={() => void stats.refetch()}>
              {t('retry')}
            </Button>
          }
        >
          {t('dashboard_stats_failed')}
        </Alert>
      ) : !stats.data ? (
        <Skeleton variant="rounded" height={260} />
      ) : days.every((d) => d.inbound + d.outboundHuman + d.outboundAutomated === 0) ? (
        <CardHint testId="dashboard-stats-empty">{t('dashboard_stats_empty')}</CardHint>
      ) : (
        <TrendChart days={days} />
      )}
    </MetricCard>
  );
}

/** The company admin's day at a glance `/dashboard` (spec part 1 §2; issue 19). */
export function DashboardPage() {
  const { t, i18n } = useTranslation();
  const me = useCurrentUser();
  const dashboard = useDashboard();
  const data = dashboard.data;

  if (!isCompanyAdmin(me)) {
    return (
      <Box sx={{ p: { xs: 2, md: 3 } }} data-testid="dashboard-page">
        <Alert severity="info" data-testid="dashboard-forbidden">
          {t('dashboard_forbidden')}
        </Alert>
      </Box>
    );
  }

  const weekday = data ? weekdayOf({ day: data.today.from, locale: localeOf(i18n.language) }) : '';
  return (
    <Box
      sx={{ p: { xs: 2, md: 3 }, display: 'flex', flexDirection: 'column', gap: 2, maxWidth: 1400, mx: 'auto', width: '100%', boxSizing: 'border-box' }}
      data-testid="dashboard-page"
    >
      {printStyles}
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap' }}>
        <Box sx={{ flex: 1, minWidth: 200 }}>
          <Typography variant="h5" component="h1" sx={{ fontWeight: 700 }}>
            {t('menu_dashboard')}
          </Typography>
          {data && (
            <Typography variant="body2" color="text.secondary" data-testid="dashboard-subtitle">
              {t('dashboard_subtitle', { weekday, timeZone: data.today.timeZone })}
            </Typography>
          )}
        </Box>
        <Button
          component={RouterLink}
          to="/analytics"
          variant="outlined"
          size="small"
          startIcon={<InsightsOutlined />}
          sx={{ displayPrint: 'none' }}
          data-testid="dashboard-analytics-link"
        >
          {t('screen_analytics')}
        </Button>
      </Box>

      {dashboard.isError && !data ? (
        <Alert
          severity="error"
          data-testid="dashboard-error"
          action={
            <Button color="inherit" size="small" onClick={() => void dashboard.refetch()} data-testid="dashboard-retry">
              {t('retry')}
            </Button>
          }
        >
          {t('dashboard_load_failed')}
        </Alert>
      ) : !data ? (
        <Box sx={GRID_SX} aria-busy="true" data-testid="dashboard-loading">
          {[0, 1, 2, 3].map((i) => (
            <Skeleton key={i} variant="rounded" height={150} />
          ))}
          <Skeleton variant="rounded" height={120} sx={{ gridColumn: '1 / -1' }} />
        </Box>
      ) : (
        <Box sx={GRID_SX} data-testid="dashboard-cards">
          <TodayCards today={data.today} lastWeek={data.sameDayLastWeek} weekday={weekday} />
          <Box sx={{ gridColumn: { xs: '1 / -1', lg: 'span 2' }, display: 'grid', minWidth: 0 }}>
            <BacklogTable backlog={data.unreadBacklog} />
          </Box>
          <Box sx={{ gridColumn: { xs: '1 / -1', lg: 'span 2' }, display: 'grid', minWidth: 0 }}>
            <RemindersCard />
          </Box>
        </Box>
      )}
      <StatsCard />
    </Box>
  );
}
