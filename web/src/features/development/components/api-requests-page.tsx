import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import { useTranslation } from 'react-i18next';
import { OUTSIDE_VENDORS, STATUS_CLASSES, type TApiRequest } from '@cd/contracts/dev-logs';
import { useApiRequests, useApiRequestsTail } from '../api/get-api-requests';
import { useLogPage } from '../hooks/use-log-page';
import { readApiLogSearch, writeApiLogSearch } from '../lib/dev-search';
import { ApiRequestDrawer } from './api-request-drawer';
import { FilterSelect } from './filter-select';
import { companyColumn, durationColumn, timeColumn } from './log-columns';
import { LogPageLayout } from './log-page-layout';
import type { TLogColumn } from './log-table';
import { StatusChip } from './status-chips';

/** `/development/api` (super admins): every call the product made to an outside system, filters in the address. */
export function ApiRequestsPage() {
  const { t } = useTranslation();
  const state = useLogPage({ read: readApiLogSearch, write: writeApiLogSearch, useList: useApiRequests, useTail: useApiRequestsTail });
  const { search, filter, update } = state;
  const vendors = search.vendor && !(OUTSIDE_VENDORS as readonly string[]).includes(search.vendor) ? [search.vendor, ...OUTSIDE_VENDORS] : OUTSIDE_VENDORS;

  const columns: TLogColumn<TApiRequest>[] = [
    timeColumn(t),
    companyColumn(t),
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
    durationColumn(t),
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
    <LogPageLayout
      testId="api-requests"
      title={t('menu_development_api')}
      intro={t('dev_api_intro')}
      state={state}
      columns={columns}
      filters={
        <>
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
        </>
      }
      after={
        search.subjectType &&
        search.subjectId && (
          <Chip
            label={`${t(`dev_subject_${search.subjectType}`)} #${search.subjectId}`}
            onDelete={() => filter({ subjectType: null, subjectId: null })}
            data-testid="api-requests-subject-filter"
          />
        )
      }
      drawer={<ApiRequestDrawer id={search.open} onClose={() => update({ open: null })} />}
    />
  );
}
