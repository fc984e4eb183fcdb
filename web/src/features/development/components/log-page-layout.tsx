import Box from '@mui/material/Box';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadErrorAlert } from '../../../components/ui/load-error-alert';
import { PageTitle } from '../../../components/ui/page-title';
import type { TLogPageState } from '../hooks/use-log-page';
import { LOG_RANGES, type TLogRange } from '../lib/dev-search';
import { CompanyFilter } from './company-filter';
import { FilterSelect } from './filter-select';
import { LiveTailSwitch } from './live-tail-switch';
import { LogTable, type TLogColumn } from './log-table';
import { SearchField } from './search-field';

type TLogSearch = { company: string | null; range: TLogRange | null; q: string; open: number | null };

/**
 * The frame of a development log screen: title with the live tail switch, the filter bar (company, the screen's own
 * `filters`, time range, text search, then `after`), the table or its load error, and the screen's detail drawer.
 * Test ids start with `testId` (`<testId>-page`, `-live`, `-company`, `-range`, `-search`, `-error`, the table's).
 */
export function LogPageLayout<S extends TLogSearch, R extends { id: number }>(props: {
  testId: string;
  title: string;
  intro: string;
  state: TLogPageState<S, R>;
  columns: TLogColumn<R>[];
  filters: ReactNode;
  after?: ReactNode;
  drawer: ReactNode;
}) {
  const { t } = useTranslation();
  const { testId, state } = props;
  const { search, list, filter } = state;
  // Partial<S> cannot be built from literal keys of the base type; these keys exist on every log search.
  const filterBy = (patch: Partial<TLogSearch>) => filter(patch as Partial<S>);
  return (
    <Box sx={{ p: { xs: 2, md: 3 }, display: 'flex', flexDirection: 'column', gap: 2 }} data-testid={`${testId}-page`}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap' }}>
        <PageTitle title={props.title} intro={props.intro} sx={{ flex: 1, minWidth: 200 }} />
        <LiveTailSwitch value={state.live} onChange={state.setLive} testId={`${testId}-live`} />
      </Box>
      <Box sx={{ display: 'flex', gap: 1.5, flexWrap: 'wrap', alignItems: 'center' }} role="search" aria-label={t('dev_filters')}>
        <CompanyFilter value={search.company} onChange={(company) => filterBy({ company })} testId={`${testId}-company`} />
        {props.filters}
        <FilterSelect
          id={`${testId}-range`}
          label={t('dev_range')}
          value={search.range}
          options={LOG_RANGES}
          labelOf={(r) => t(`dev_range_${r}`)}
          allLabel={t('dev_range_any')}
          onChange={(range) => filterBy({ range })}
        />
        <SearchField value={search.q} onChange={(q) => filterBy({ q })} label={t('dev_search')} testId={`${testId}-search`} />
        {props.after}
      </Box>
      {list.isError ? (
        <LoadErrorAlert error={list.error} failedText={t('dev_log_load_failed')} onRetry={() => void list.refetch()} testId={`${testId}-error`} />
      ) : (
        <LogTable
          label={props.title}
          testId={testId}
          columns={props.columns}
          rows={state.rows}
          newIds={state.newIds}
          pending={list.isPending}
          fetching={list.isFetching || state.tailFetching}
          hasMore={list.hasNextPage}
          loadingMore={list.isFetchingNextPage}
          onMore={() => void list.fetchNextPage()}
          onOpen={(r) => state.update({ open: r.id } as Partial<S>)}
          openId={search.open}
        />
      )}
      {props.drawer}
    </Box>
  );
}
