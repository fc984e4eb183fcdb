import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { LoadErrorAlert } from '../../../components/ui/load-error-alert';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { LEAD_SOURCES, LEAD_STATUSES, type TLeadSource, type TLeadStatus } from '@cd/contracts/leads';
import { useColleagues } from '../../../api/get-colleagues';
import { fullName, formatListTotal } from '../../../lib/format';
import { useLeads } from '../api/get-leads';
import { EMPTY_LEAD_FILTERS, readLeadFilters, writeLeadFilters, type TLeadFilters } from '../lib/leads-query';
import { LeadsTable } from './leads-table';

function LeadFilters({ value, onChange }: { value: TLeadFilters; onChange: (next: TLeadFilters) => void }) {
  const { t } = useTranslation();
  const colleagues = useColleagues();
  const set = (patch: Partial<TLeadFilters>) => onChange({ ...value, ...patch });
  const anySet = JSON.stringify(value) !== JSON.stringify(EMPTY_LEAD_FILTERS);
  return (
    <Box sx={{ display: 'flex', gap: 1.5, flexWrap: 'wrap', alignItems: 'center' }}>
      <TextField
        select
        size="small"
        label={t('leads_col_source')}
        value={value.source}
        onChange={(e) => set({ source: e.target.value as TLeadSource | '' })}
        sx={{ minWidth: 170 }}
        slotProps={{ inputLabel: { shrink: true }, select: { displayEmpty: true }, htmlInput: { 'data-testid': 'leads-filter-source' } }}
      >
        <MenuItem value="">{t('leads_filter_any')}</MenuItem>
        {LEAD_SOURCES.map((s) => (
          <MenuItem key={s} value={s}>
            {t(`lead_source_${s}`)}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        select
        size="small"
        label={t('leads_col_status')}
        value={value.status}
        onChange={(e) => set({ status: e.target.value as TLeadStatus | '' })}
        sx={{ minWidth: 150 }}
        slotProps={{ inputLabel: { shrink: true }, select: { displayEmpty: true }, htmlInput: { 'data-testid': 'leads-filter-status' } }}
      >
        <MenuItem value="">{t('leads_filter_any')}</MenuItem>
        {LEAD_STATUSES.map((s) => (
          <MenuItem key={s} value={s}>
            {t(`lead_status_${s}`)}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        select
        size="small"
        label={t('leads_col_agent')}
        value={value.agent === null ? '' : String(value.agent)}
        onChange={(e) => set({ agent: e.target.value ? Number(e.target.value) : null })}
        sx={{ minWidth: 190 }}
        slotProps={{ inputLabel: { shrink: true }, select: { displayEmpty: true }, htmlInput: { 'data-testid': 'leads-filter-agent' } }}
      >
        <MenuItem value="">{t('leads_filter_any')}</MenuItem>
        {/* An agent named in the address but not among the colleagues (the caller) still shows. */}
        {value.agent !== null && !colleagues.data?.some((c) => c.id === value.agent) && <MenuItem value={String(value.agent)}>#{value.agent}</MenuItem>}
        {(colleagues.data ?? []).map((c) => (
          <MenuItem key={c.id} value={String(c.id)}>
            {fullName(c) || c.email}
          </MenuItem>
        ))}
      </TextField>
      {anySet && (
        <Button size="small" onClick={() => onChange(EMPTY_LEAD_FILTERS)} data-testid="leads-filter-clear">
          {t('leads_filter_clear')}
        </Button>
      )}
    </Box>
  );
}

/**
 * /marketing/leads (spec part 1 §2, issue 18): every lead from keywords, the landing page and offer replies, newest
 * first, filtered in the address, the status changed in place; a new lead appears live (lib/live.ts).
 */
export function MarketingLeadsPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const filters = readLeadFilters(params);
  const list = useLeads(filters);
  const rows = list.data?.pages.flatMap((p) => p.member) ?? [];

  let body;
  if (list.isError && !list.data)
    body = <LoadErrorAlert error={list.error} failedText={t('leads_load_failed')} onRetry={() => void list.refetch()} testId="leads-error" />;
  else if (!list.isPending && rows.length === 0)
    body = (
      <Typography color="text.secondary" sx={{ p: 3 }} data-testid="leads-empty">
        {JSON.stringify(filters) === JSON.stringify(EMPTY_LEAD_FILTERS) ? t('leads_empty') : t('leads_empty_filtered')}
      </Typography>
    );
  else
    body = (
      <Paper variant="outlined" sx={{ overflow: 'hidden' }}>
        <LeadsTable rows={rows} loading={list.isPending} />
      </Paper>
    );

  return (
    <Box
      sx={{ p: { xs: 2, md: 3 }, display: 'flex', flexDirection: 'column', gap: 2, maxWidth: 1300, mx: 'auto', width: '100%', boxSizing: 'border-box' }}
      data-testid="marketing-leads-page"
    >
      <Box sx={{ display: 'flex', alignItems: 'baseline', gap: 1.5, flexWrap: 'wrap' }}>
        <Typography variant="h5" component="h1" sx={{ fontWeight: 700 }}>
          {t('menu_marketing_leads')}
        </Typography>
        {list.data && (
          <Typography color="text.secondary" data-testid="leads-count">
            {formatListTotal(list.data.pages[0])}
          </Typography>
        )}
      </Box>
      <LeadFilters value={filters} onChange={(next) => setParams(writeLeadFilters(next), { replace: true })} />
      {body}
      {list.hasNextPage && (
        <Box sx={{ display: 'flex', justifyContent: 'center' }}>
          <Button
            variant="outlined"
            onClick={() => void list.fetchNextPage()}
            disabled={list.isFetchingNextPage}
            startIcon={list.isFetchingNextPage ? <CircularProgress size={16} color="inherit" /> : undefined}
            data-testid="leads-load-more"
          >
            {t('leads_load_more')}
          </Button>
        </Box>
      )}
    </Box>
  );
}
