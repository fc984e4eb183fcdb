import Box from '@mui/material/Box';
import { useTranslation } from 'react-i18next';
import { WEBHOOK_OUTCOMES, WEBHOOK_SOURCES, WEBHOOK_VERIFICATIONS, type TWebhookRequest } from '@cd/contracts/dev-logs';
import { useWebhookRequests, useWebhookRequestsTail } from '../api/get-webhook-requests';
import { useLogPage } from '../hooks/use-log-page';
import { readWebhookLogSearch, writeWebhookLogSearch } from '../lib/dev-search';
import { FilterSelect } from './filter-select';
import { companyColumn, durationColumn, timeColumn } from './log-columns';
import { LogPageLayout } from './log-page-layout';
import type { TLogColumn } from './log-table';
import { OutcomeChip, StatusChip, VerificationChip } from './status-chips';
import { WebhookRequestDrawer } from './webhook-request-drawer';

/** `/development/webhook` (super admins): every webhook the product received, how it was verified and handled. */
export function WebhookRequestsPage() {
  const { t } = useTranslation();
  const state = useLogPage({ read: readWebhookLogSearch, write: writeWebhookLogSearch, useList: useWebhookRequests, useTail: useWebhookRequestsTail });
  const { search, filter, update } = state;

  const columns: TLogColumn<TWebhookRequest>[] = [
    timeColumn(t),
    companyColumn(t),
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
    durationColumn(t),
    {
      key: 'replays',
      label: t('dev_replays'),
      nowrap: true,
      align: 'right',
      render: (r) => (r.replayOf !== null ? t('dev_replay_of_short', { id: r.replayOf }) : r.replayCount || '—'),
    },
  ];

  return (
    <LogPageLayout
      testId="webhook-requests"
      title={t('menu_development_webhooks')}
      intro={t('dev_webhook_intro')}
      state={state}
      columns={columns}
      filters={
        <>
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
        </>
      }
      drawer={<WebhookRequestDrawer id={search.open} onClose={() => update({ open: null })} onOpen={(id) => update({ open: id })} />}
    />
  );
}
