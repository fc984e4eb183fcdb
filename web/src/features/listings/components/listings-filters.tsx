import Box from '@mui/material/Box';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { LISTING_STATUSES, type TListingStatus } from '@cd/contracts/listings';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { LISTING_SEARCH_MAX, type TListingFilters } from '../lib/listings-query';
import { useAgentOptions } from './agent-picker';

/** Search (name, location, keyword), status and agent; the search waits for a pause in typing. */
export function ListingsFilters({ value, onChange }: { value: TListingFilters; onChange: (next: TListingFilters) => void }) {
  const { t } = useTranslation();
  const agents = useAgentOptions();
  const [search, setSearch] = useState(value.search);
  const debounced = useDebouncedValue(search, 300);
  useEffect(() => {
    if (debounced.trim() !== value.search.trim()) onChange({ ...value, search: debounced });
    // Only a settled search changes the filter; the other fields change it at once.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [debounced]);
  return (
    <Box sx={{ display: 'flex', gap: 1.5, flexWrap: 'wrap' }} role="search">
      <TextField
        size="small"
        label={t('listings_search')}
        value={search}
        onChange={(e) => setSearch(e.target.value)}
        sx={{ flex: '1 1 240px' }}
        slotProps={{ htmlInput: { maxLength: LISTING_SEARCH_MAX, 'data-testid': 'listings-search' } }}
      />
      <TextField
        select
        size="small"
        label={t('listing_field_status')}
        value={value.status}
        onChange={(e) => onChange({ ...value, status: e.target.value as TListingStatus | '' })}
        sx={{ minWidth: 170 }}
        slotProps={{ htmlInput: { 'data-testid': 'listings-filter-status' } }}
      >
        <MenuItem value="">{t('listings_any_status')}</MenuItem>
        {LISTING_STATUSES.map((s) => (
          <MenuItem key={s} value={s}>
            {t(`listing_status_${s}`)}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        select
        size="small"
        label={t('listing_field_agent')}
        value={value.agent === null ? '' : String(value.agent)}
        onChange={(e) => onChange({ ...value, agent: e.target.value ? Number(e.target.value) : null })}
        sx={{ minWidth: 190 }}
        slotProps={{ htmlInput: { 'data-testid': 'listings-filter-agent' } }}
      >
        <MenuItem value="">{t('listings_any_agent')}</MenuItem>
        {agents.map((a) => (
          <MenuItem key={a.id} value={String(a.id)}>
            {a.label}
          </MenuItem>
        ))}
        {value.agent !== null && !agents.some((a) => a.id === value.agent) && <MenuItem value={String(value.agent)}>#{value.agent}</MenuItem>}
      </TextField>
    </Box>
  );
}
