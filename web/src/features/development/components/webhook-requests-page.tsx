import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { WEBHOOK_OUTCOMES, WEBHOOK_SOURCES, WEBHOOK_VERIFICATIONS, type TWebhookRequest } from '@cd/contracts/dev-logs';
import { LoadErrorAlert } from '../../../components/ui/load-error-alert';
import { useWebhookRequests, useWebhookRequestsTail } from '../api/get-webhook-requests';
import { LIVE_TAIL_MS, useLiveRows } from '../hooks/use-live-rows';
import { formatDuration, formatLogTime } from '../lib/dev-format';
import { LOG_RANGES, readWebhookLogSearch, writeWebhookLogSearch, type TWebhookLogSearch } from '../lib/dev-search';
import { CompanyFilter } from './company-filter';
import { FilterSelect } from './filter-select';
import { LiveTailSwitch } from './live-tail-switch';
import { LogTable, type TLogColumn } from './log-table';
import { SearchField } from './search-field';
import { OutcomeChip, StatusChip, VerificationChip } from './status-chips';
import { WebhookRequestDrawer } from './webhook-request-drawer';

/** `/development/webhook` (super admins): every webhook the product received, how it was verified and handled. */
export function WebhookRequestsPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const search = readWebhookLogSearch(params);
  const [live, setLive] = useState(false);
  const list = useWebhookRequests(search);
  const tail = useWebhookRequestsTail({ search, enabled: live, intervalMs: LIVE_TAIL_MS });
  const listed = useMemo(() => list.data?.pages.flatMap((p) => p.member) ?? [], [list.data]);
  const { rows, newIds } = useLiveRows({ listed, tail: tail.data?.member, live });

  const update = (patch: Partial<TWebhookLogSearch>) => setParams(writeWebhookLogSearch({ ...search, ...patch }));
  const filter = (patch: Partial<TWebhookLogSearch>) => update({ ...patch, open: null });

  const columns: TLogColumn<TWebhookRequest>[] = [
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
    { key: 'source', label: t('dev_source'), nowrap: true, render: (r) => t(`dev_source_${r.source}`) },
    {
      key: 'url',
      label: t('dev_url'),
      // Every webhook path starts the same; the rest (family, company, kind) is what tells rows apart.
      render: (r) => (
        <Box component="span" sx={{ fontFamily: 'monospace', fontSize: 12 }} title={`${r.method} ${r.url}`}>
          {`${r.method === 'POST' ? '' : `${r.method} `}${r.url.replace(/^\/api\/webhooks\//, '')}`}
        </Box>
      ),
    },
    { key: 'status', label: t('dev_status'), nowrap: true, render: (r) => <StatusChip status={r.status} /> },
    { key: 'verification', label: t('dev_verification'), nowrap: true, render: (r) => <VerificationChip value={r.verification} /> },
    { key: 'outcome', label: t('dev_outcome'), nowrap: true, render: (r) => <OutcomeChip value={r.outcome} /> },
    { key: 'duration', label: t('dev_duration'), nowrap: true, align: 'right', render: (r) => formatDuration(r.durationMs) },
    {
      key: 'replays',
      label: t('dev_replays'),
      nowrap: true,
      align: 'right',
      render: (r) => (r.replayOf !== null ? t('dev_replay_of_short', { id: r.replayOf }) : r.replayCount || '—'),
    },
  ];

  return (
    <Box sx={{ p: { xs: 2, md: 3 }, display: 'flex', flexDirection: 'column', gap: 2 }} data-testid="webhook-requests-page">
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap' }}>
        <Box sx={{ flex: 1, minWidth: 200 }}>
          <Typography variant="h5" component="h1" sx={{ fontWeight: 700 }}>
            {t('menu_development_webhooks')}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {t('dev_webhook_intro')}
          </Typography>
        </Box>
        <LiveTailSwitch value={live} onChange={setLive} testId="webhook-requests-live" />
      </Box>
      <Box sx={{ display: 'flex', gap: 1.5, flexWrap: 'wrap', alignItems: 'center' }} role="search" aria-label={t('dev_filters')}>
        <CompanyFilter value={search.company} onChange={(company) => filter({ company })} testId="webhook-requests-company" />
        <FilterSelect
          id="webhook-requests-source"
          label={t('dev_source')}
          value={search.source}
          options={WEBHOOK_SOURCES}
          labelOf={(s) => t(`dev_source_${s}`)}
          onChange={(source) => filter({ source })}
        />
        <FilterSelect
          id="webhook-requests-verification"
          label={t('dev_verification')}
          value={search.verification}
          options={WEBHOOK_VERIFICATIONS}
          labelOf={(v) => t(`dev_verification_${v}`)}
          onChange={(verification) => filter({ verification })}
        />
        <FilterSelect
          id="webhook-requests-outcome"
          label={t('dev_outcome')}
          value={search.outcome}
          options={WEBHOOK_OUTCOMES}
          labelOf={(o) => t(`dev_outcome_${o}`)}
          onChange={(outcome) => filter({ outcome })}
        />
        <FilterSelect
          id="webhook-requests-range"
          label={t('dev_range')}
          value={search.range}
          options={LOG_RANGES}
          labelOf={(r) => t(`dev_range_${r}`)}
          allLabel={t('dev_range_any')}
          onChange={(range) => filter({ range })}
        />
        <SearchField value={search.q} onChange={(q) => filter({ q })} label={t('dev_search')} testId="webhook-requests-search" />
      </Box>
      {list.isError ? (
        <LoadErrorAlert error={list.error} failedText={t('dev_log_load_failed')} onRetry={() => void list.refetch()} testId="webhook-requests-error" />
      ) : (
        <LogTable
          label={t('menu_development_webhooks')}
          testId="webhook-requests"
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
      <WebhookRequestDrawer id={search.open} onClose={() => update({ open: null })} onOpen={(id) => update({ open: id })} />
    </Box>
  );
}
