import { useMemo, useState } from 'react';
import Close from '@mui/icons-material/Close';
import SearchIcon from '@mui/icons-material/Search';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import List from '@mui/material/List';
import MenuItem from '@mui/material/MenuItem';
import Skeleton from '@mui/material/Skeleton';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { CHANNELS } from '@cd/contracts/customer';
import { SEARCH_KINDS, SEARCH_MAX_LENGTH, type TSearchHit, type TSearchKind } from '@cd/contracts/search';
import { LoadErrorAlert } from '../../../components/ui/load-error-alert';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { useIsMobile } from '../../../lib/use-is-mobile';
import { useSearch } from '../api/get-search';
import { EMPTY_SEARCH_FILTERS, isSearchable, toSearchParams, type TSearchFilters } from '../lib/search-query';
import { SearchHitRow } from './search-hit-row';

function ResultsSkeleton() {
  return (
    <Box sx={{ p: 2 }} aria-busy="true" data-testid="search-loading">
      {[0, 1, 2, 3].map((i) => (
        <Box key={i} sx={{ mb: 2 }}>
          <Skeleton width="40%" />
          <Skeleton width="90%" />
        </Box>
      ))}
    </Box>
  );
}

/** The search box with its filters and results; Esc (or the close button) closes it. */
export function SearchDialog({ open, onClose, onOpenHit }: { open: boolean; onClose: () => void; onOpenHit: (hit: TSearchHit) => void }) {
  const { t } = useTranslation();
  const mobile = useIsMobile();
  const [filters, setFilters] = useState<TSearchFilters>(EMPTY_SEARCH_FILTERS);
  const debounced = useDebouncedValue(filters, 250);
  const searchable = isSearchable(debounced.q);
  const params = useMemo(() => toSearchParams(debounced), [debounced]);
  const query = useSearch(params, open && searchable);
  const hits = useMemo(() => query.data?.pages.flatMap((p) => p.member) ?? [], [query.data]);
  const set = <K extends keyof TSearchFilters>(key: K, value: TSearchFilters[K]) => setFilters((f) => ({ ...f, [key]: value }));

  let body: React.ReactNode;
  if (!searchable)
    body = (
      <Typography sx={{ p: 3, color: 'text.secondary', textAlign: 'center' }} data-testid="search-hint">
        {t('search_hint')}
      </Typography>
    );
  else if (query.isPending) body = <ResultsSkeleton />;
  else if (query.isError)
    body = (
      <Box sx={{ p: 2 }}>
        <LoadErrorAlert error={query.error} failedText={t('search_failed')} onRetry={() => void query.refetch()} testId="search-error" />
      </Box>
    );
  else if (hits.length === 0)
    body = (
      <Typography sx={{ p: 3, color: 'text.secondary', textAlign: 'center' }} data-testid="search-empty">
        {t('search_no_results')}
      </Typography>
    );
  else
    body = (
      <>
        <List disablePadding aria-label={t('search_results')} data-testid="search-results">
          {hits.map((hit) => (
            <SearchHitRow key={`${hit.kind}-${hit.id}`} hit={hit} onOpen={onOpenHit} />
          ))}
        </List>
        {query.hasNextPage && (
          <Box sx={{ display: 'flex', justifyContent: 'center', p: 1.5 }}>
            <Button onClick={() => void query.fetchNextPage()} disabled={query.isFetchingNextPage} data-testid="search-load-more">
              {query.isFetchingNextPage ? <CircularProgress size={18} aria-label={t('loading')} /> : t('search_load_more')}
            </Button>
          </Box>
        )}
      </>
    );

  return (
    <Dialog
      open={open}
      onClose={onClose}
      fullScreen={mobile}
      fullWidth
      maxWidth="md"
      aria-label={t('search_title')}
      slotProps={{ paper: { sx: { height: mobile ? '100%' : '80vh', display: 'flex', flexDirection: 'column' } } }}
      data-testid="search-dialog"
    >
      <Box sx={{ p: 2, pb: 1, display: 'flex', flexDirection: 'column', gap: 1.5, borderBottom: 1, borderColor: 'divider' }}>
        <Box sx={{ display: 'flex', gap: 1, alignItems: 'center' }}>
          <TextField
            autoFocus
            fullWidth
            size="small"
            value={filters.q}
            onChange={(e) => set('q', e.target.value.slice(0, SEARCH_MAX_LENGTH))}
            placeholder={t('search_placeholder')}
            slotProps={{
              htmlInput: { 'aria-label': t('search_title'), 'data-testid': 'search-input', maxLength: SEARCH_MAX_LENGTH, type: 'search' },
              input: {
                startAdornment: (
                  <InputAdornment position="start">
                    <SearchIcon fontSize="small" />
                  </InputAdornment>
                ),
              },
            }}
          />
          <IconButton onClick={onClose} aria-label={t('close')} data-testid="search-close">
            <Close />
          </IconButton>
        </Box>
        <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
          <TextField
            select
            size="small"
            label={t('search_kind')}
            value={filters.kind}
            onChange={(e) => set('kind', e.target.value as TSearchKind | '')}
            sx={{ minWidth: 150 }}
            slotProps={{ htmlInput: { 'data-testid': 'search-kind' } }}
          >
            <MenuItem value="">{t('search_kind_all')}</MenuItem>
            {SEARCH_KINDS.map((k) => (
              <MenuItem key={k} value={k}>
                {t(`search_kind_${k}`)}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            select
            size="small"
            label={t('search_channel')}
            value={filters.channel}
            onChange={(e) => set('channel', e.target.value)}
            sx={{ minWidth: 170 }}
          >
            <MenuItem value="">{t('search_channel_all')}</MenuItem>
            {CHANNELS.map((c) => (
              <MenuItem key={c} value={c}>
                {t(`channel_${c}`)}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            type="date"
            size="small"
            label={t('search_from')}
            value={filters.fromDay}
            onChange={(e) => set('fromDay', e.target.value)}
            slotProps={{ inputLabel: { shrink: true }, htmlInput: { max: filters.toDay || undefined } }}
          />
          <TextField
            type="date"
            size="small"
            label={t('search_to')}
            value={filters.toDay}
            onChange={(e) => set('toDay', e.target.value)}
            slotProps={{ inputLabel: { shrink: true }, htmlInput: { min: filters.fromDay || undefined } }}
          />
        </Box>
      </Box>
      <Box sx={{ flex: 1, minHeight: 0, overflowY: 'auto' }}>{body}</Box>
    </Dialog>
  );
}
