import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { OUTSIDE_VENDORS, STATUS_CLASSES, type TApiRequest } from '@cd/contracts/dev-logs';
import { LoadErrorAlert } from '../../../components/ui/load-error-alert';
import { useApiRequests, useApiRequestsTail } from '../api/get-api-requests';
import { LIVE_TAIL_MS, useLiveRows } from '../hooks/use-live-rows';
import { formatDuration, formatLogTime } from '../lib/dev-format';
import { LOG_RANGES, readApiLogSearch, writeApiLogSearch, type TApiLogSearch } from '../lib/dev-search';
import { ApiRequestDrawer } from './api-request-drawer';
import { CompanyFilter } from './company-filter';
import { FilterSelect } from './filter-select';
import { LiveTailSwitch } from './live-tail-switch';
import { LogTable, type TLogColumn } from './log-table';
import { SearchField } from './search-field';
import { StatusChip } from './status-chips';

/** `/development/api` (super admins): every call the product made to an outside system, filters in the address. */
export function ApiRequestsPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const search = readApiLogSearch(params);
  const [live, setLive] = useState(false);
  const list = useApiRequests(search);
  const tail = useApiRequestsTail({ search, enabled: live, intervalMs: LIVE_TAIL_MS });
  const listed = useMemo(() => list.data?.pages.flatMap((p) => p.member) ?? [], [list.data]);
  const { rows, newIds } = useLiveRows({ listed, tail: tail.data?.member, live });

  const update = (patch: Partial<TApiLogSearch>) => setParams(writeApiLogSearch({ ...search, ...patch }));
  // Filter changes close the open entry and start from the newest page; opening an entry keeps the history short.
  const filter = (patch: Partial<TApiLogSearch>) => update({ ...patch, open: null });
  const vendors = search.vendor && !(OUTSIDE_VENDORS as readonly string[]).includes(search.vendor) ? [search.vendor, ...OUTSIDE_VENDORS] : OUTSIDE_VENDORS;

  const columns: TLogColumn<TApiRequest>[] = [
    { key: 'time', label: t('dev_time'), nowrap: true, render: (r) => formatLogTime(r.createdAt) },
    {
      key: 'company',
      label: t('dev_company'),
      render: (r) =>
        r.companyName ?? (
          <Typography component="span" variant="body2" color="text.secondary">
            {t('dev_no_company')}
          </Typography>
        ),
    },
    { key: 'vendor', label: t('dev_vendor'), nowrap: true, render: (r) => r.vendor },
    { key: 'operation', label: t('dev_operation'), render: (r) => <span title={r.url}>{r.operation}</span> },
    {
      key: 'method',
      label: t('dev_method'),
      nowrap: true,
      render: (r) => (
        <Box component="span" sx={{ fontFamily: 'monospace' }}>
          {r.method}
        </Box>
      ),
    },
    { key: 'status', label: t('dev_status'), nowrap: true, render: (r) => <StatusChip status={r.status} statusClass={r.statusClass} /> },
    { key: 'duration', label: t('dev_duration'), nowrap: true, align: 'right', render: (r) => formatDuration(r.durationMs) },
    {
      key: 'subject',
      label: t('dev_subject'),
      nowrap: true,
      render: (r) =>
        r.subjectType && r.subjectId !== null ? (
          // The calls of one subject (all attempts to send one message): a filter, since the subject may be another company's.
          <Link
            component="button"
            type="button"
            variant="body2"
            title={t('dev_subject_filter')}
            onClick={(e) => {
              e.stopPropagation();
              filter({ subjectType: r.subjectType, subjectId: String(r.subjectId) });
            }}
            data-testid="api-requests-subject"
          >
            {t(`dev_subject_${r.subjectType}`)} #{r.subjectId}
          </Link>
        ) : (
          '—'
        ),
    },
  ];

  return (
    <Box sx={{ p: { xs: 2, md: 3 }, display: 'flex', flexDirection: 'column', gap: 2 }} data-testid="api-requests-page">
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap' }}>
        <Box sx={{ flex: 1, minWidth: 200 }}>
          <Typography variant="h5" component="h1" sx={{ fontWeight: 700 }}>
            {t('menu_development_api')}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {t('dev_api_intro')}
          </Typography>
        </Box>
        <LiveTailSwitch value={live} onChange={setLive} testId="api-requests-live" />
      </Box>
      <Box sx={{ display: 'flex', gap: 1.5, flexWrap: 'wrap', alignItems: 'center' }} role="search" aria-label={t('dev_filters')}>
        <CompanyFilter value={search.company} onChange={(company) => filter({ company })} testId="api-requests-company" />
        <FilterSelect
          id="api-requests-vendor"
          label={t('dev_vendor')}
          value={search.vendor}
          options={vendors}
          labelOf={(v) => v}
          onChange={(vendor) => filter({ vendor })}
        />
        <FilterSelect
          id="api-requests-status"
          label={t('dev_status')}
          value={search.statusClass}
          options={STATUS_CLASSES}
          labelOf={(c) => (c === 'none' ? t('dev_no_answer') : c)}
          onChange={(statusClass) => filter({ statusClass })}
        />
        <FilterSelect
          id="api-requests-range"
          label={t('dev_range')}
          value={search.range}
          options={LOG_RANGES}
          labelOf={(r) => t(`dev_range_${r}`)}
          allLabel={t('dev_range_any')}
          onChange={(range) => filter({ range })}
        />
        <SearchField value={search.q} onChange={(q) => filter({ q })} label={t('dev_search')} testId="api-requests-search" />
        {search.subjectType && search.subjectId && (
          <Chip
            label={`${t(`dev_subject_${search.subjectType}`)} #${search.subjectId}`}
            onDelete={() => filter({ subjectType: null, subjectId: null })}
            data-testid="api-requests-subject-filter"
          />
        )}
      </Box>
      {list.isError ? (
        <LoadErrorAlert error={list.error} failedText={t('dev_log_load_failed')} onRetry={() => void list.refetch()} testId="api-requests-error" />
      ) : (
        <LogTable
          label={t('menu_development_api')}
          testId="api-requests"
          columns={columns}
          rows={rows}
          newIds={newIds}
          pending={list.isPending}
          fetching={list.isFetching || tail.isFetching}
          hasMore={list.hasNextPage}
          loadingMore={list.isFetchingNextPage}
          onMore={() => void list.fetchNextPage()}
          onOpen={(r) => update({ open: r.id })}
          openId={search.open}
        />
      )}
      <ApiRequestDrawer id={search.open} onClose={() => update({ open: null })} />
    </Box>
  );
}
