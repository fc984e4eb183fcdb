import AddOutlined from '@mui/icons-material/AddOutlined';
import AssessmentOutlined from '@mui/icons-material/AssessmentOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import type { TReport } from '@cd/contracts/reports';
import { LoadErrorAlert } from '../../../components/ui/load-error-alert';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { ApiError } from '../../../lib/api-client';
import { toastError, toastSuccess } from '../../../lib/toast';
import { useDeleteReport } from '../api/delete-report';
import { useReports, type TReportListFilters } from '../api/get-reports';
import { ReportRow } from './report-row';

const TABS = ['all', 'recurring', 'one_time'] as const;
type TTab = (typeof TABS)[number];

function tabOf(value: string | null): TTab {
  return TABS.find((t) => t === value) ?? 'all';
}

function EmptyState({ tab }: { tab: TTab }) {
  const { t } = useTranslation();
  return (
    <Paper
      variant="outlined"
      sx={{ p: { xs: 3, md: 5 }, textAlign: 'center', display: 'flex', flexDirection: 'column', alignItems: 'center', gap: 1.5 }}
      data-testid="reports-empty"
    >
      <AssessmentOutlined sx={{ fontSize: 48, color: 'text.disabled' }} aria-hidden />
      <Typography variant="h6" component="p">
        {t(tab === 'all' ? 'reports_empty_title' : `reports_empty_${tab}`)}
      </Typography>
      <Typography color="text.secondary" sx={{ maxWidth: 560 }}>
        {t('reports_empty_body')}
      </Typography>
      <Button component={RouterLink} to="/reports/new" variant="contained" startIcon={<AddOutlined />}>
        {t('report_new')}
      </Button>
    </Paper>
  );
}

/**
 * /reports (spec part 2 §2, issue 19): the company's one-time and recurring reports newest first, "load more" pages,
 * each with its status, downloads and run now; a recurring report opens its generated runs. Company admins only.
 */
export function ReportsPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const tab = tabOf(params.get('type'));
  const filters: TReportListFilters = tab === 'all' ? {} : { type: tab };
  const list = useReports(filters);
  const remove = useDeleteReport();
  const [deleting, setDeleting] = useState<TReport | null>(null);
  const rows = list.data?.pages.flatMap((p) => p.member) ?? [];

  const confirmDelete = () => {
    if (!deleting) return;
    remove.mutate(
      { id: deleting.id },
      {
        onSuccess: () => toastSuccess(t('report_deleted')),
        onError: (err) => toastError(err instanceof ApiError && err.status === 404 ? t('report_gone') : t('report_delete_failed')),
        onSettled: () => setDeleting(null),
      },
    );
  };

  let body;
  if (list.isError && !list.data) {
    body = (
      <LoadErrorAlert
        error={list.error}
        failedText={t('reports_load_failed')}
        forbiddenText={t('reports_forbidden')}
        onRetry={() => void list.refetch()}
        testId="reports-error"
      />
    );
  } else if (list.isPending)
    body = (
      <Paper variant="outlined" sx={{ p: 2, display: 'flex', flexDirection: 'column', gap: 1.5 }} data-testid="reports-loading">
        {[0, 1, 2].map((i) => (
          <Skeleton key={i} variant="rounded" height={48} />
        ))}
      </Paper>
    );
  else if (rows.length === 0) body = <EmptyState tab={tab} />;
  else
    body = (
      <Paper variant="outlined">
        <Box component="ul" sx={{ m: 0, p: 0 }} data-testid="reports-list">
          {rows.map((r) => (
            <ReportRow key={r.id} report={r} onDelete={setDeleting} />
          ))}
        </Box>
        {list.hasNextPage && (
          <Box sx={{ display: 'flex', justifyContent: 'center', p: 1.5, borderTop: 1, borderColor: 'divider' }}>
            <Button onClick={() => void list.fetchNextPage()} disabled={list.isFetchingNextPage} data-testid="reports-more">
              {list.isFetchingNextPage ? <CircularProgress size={18} /> : t('load_more')}
            </Button>
          </Box>
        )}
      </Paper>
    );

  const zone = rows[0]?.timeZone;
  return (
    <Box
      sx={{
        p: { xs: 2, md: 3 },
        display: 'flex',
        flexDirection: 'column',
        gap: 2,
        maxWidth: 1200,
        mx: 'auto',
        width: '100%',
        boxSizing: 'border-box',
        overflowY: 'auto',
      }}
      data-testid="reports-page"
    >
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap' }}>
        <Box sx={{ flex: 1, minWidth: 200 }}>
          <Typography variant="h5" component="h1" sx={{ fontWeight: 700 }}>
            {t('menu_reports')}
          </Typography>
          {zone && (
            <Typography variant="body2" color="text.secondary" data-testid="reports-zone">
              {t('reports_times_in_zone', { zone })}
            </Typography>
          )}
        </Box>
        <Button component={RouterLink} to="/reports/new" variant="contained" size="small" startIcon={<AddOutlined />} data-testid="report-new">
          {t('report_new')}
        </Button>
      </Box>
      <Tabs
        value={tab}
        onChange={(_e, next: TTab) => setParams(next === 'all' ? {} : { type: next }, { replace: true })}
        variant="scrollable"
        allowScrollButtonsMobile
        aria-label={t('reports_tabs')}
        sx={{ borderBottom: 1, borderColor: 'divider' }}
      >
        {TABS.map((k) => (
          <Tab key={k} value={k} label={t(`reports_tab_${k}`)} data-testid={`reports-tab-${k}`} />
        ))}
      </Tabs>
      {body}
      <ConfirmDialog
        open={deleting !== null}
        title={t('report_delete_title')}
        text={t(deleting?.type === 'recurring' ? 'report_delete_recurring_text' : 'report_delete_text')}
        confirmLabel={t('delete')}
        busy={remove.isPending}
        onConfirm={confirmDelete}
        onClose={() => setDeleting(null)}
      />
    </Box>
  );
}
