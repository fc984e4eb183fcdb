import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Popover from '@mui/material/Popover';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { CONVERSATION_SPANS } from '@cd/contracts/customer-constants';
import type { TColleague } from '@cd/contracts/user';
import { useCustomerTags } from '../../../api/get-customer-tags';
import { fullName } from '../../../lib/format';
import type { TInboxFilters, TSpan } from '../lib/inbox-query';

interface TProps {
  anchorEl: HTMLElement | null;
  onClose: () => void;
  filters: TInboxFilters;
  onChange: (patch: Partial<TInboxFilters>) => void;
  isAdmin: boolean;
  me: { id: number; firstName: string; lastName: string };
  colleagues: TColleague[];
}

export function InboxFilters({ anchorEl, onClose, filters, onChange, isAdmin, me, colleagues }: TProps) {
  const { t } = useTranslation();
  const tags = useCustomerTags();
  const searching = filters.search.trim() !== '';
  const owners = [{ id: me.id, label: `${fullName(me)} (${t('me')})` }, ...colleagues.map((c) => ({ id: c.id, label: fullName(c) || c.email }))];
  return (
    <Popover
      open={!!anchorEl}
      anchorEl={anchorEl}
      onClose={onClose}
      anchorOrigin={{ vertical: 'bottom', horizontal: 'left' }}
      slotProps={{ paper: { sx: { p: 2, width: 320, display: 'flex', flexDirection: 'column', gap: 2 }, 'data-testid': 'inbox-filters' } as object }}
    >
      <Typography variant="subtitle2">{t('filters')}</Typography>
      {searching && (
        <Typography variant="caption" color="text.secondary" data-testid="inbox-filters-search-note">
          {t('search_drops_filters')}
        </Typography>
      )}
      {isAdmin && (
        <TextField
          select
          size="small"
          label={t('owner')}
          value={filters.user ?? ''}
          disabled={searching}
          onChange={(e) => onChange({ user: e.target.value === '' ? null : Number(e.target.value) })}
          slotProps={{ htmlInput: { 'data-testid': 'inbox-filter-user' } }}
        >
          <MenuItem value="">{t('everyone')}</MenuItem>
          {owners.map((o) => (
            <MenuItem key={o.id} value={o.id}>
              {o.label}
            </MenuItem>
          ))}
        </TextField>
      )}
      <TextField
        select
        size="small"
        label={t('conversation_span')}
        value={filters.span ?? ''}
        disabled={searching}
        onChange={(e) => onChange({ span: (e.target.value || null) as TSpan | null })}
        slotProps={{ htmlInput: { 'data-testid': 'inbox-filter-span' } }}
      >
        <MenuItem value="">{t('any_time')}</MenuItem>
        {CONVERSATION_SPANS.map((s) => (
          <MenuItem key={s} value={s}>
            {t(`span_${s}`)}
          </MenuItem>
        ))}
      </TextField>
      <Autocomplete
        multiple
        size="small"
        options={(tags.data ?? []).map((x) => x.name)}
        value={filters.tags}
        onChange={(_e, value) => onChange({ tags: value })}
        loading={tags.isPending}
        getOptionLabel={(o) => o}
        renderOption={(props, option) => {
          const count = tags.data?.find((x) => x.name === option)?.count;
          const { key, ...rest } = props as typeof props & { key: string };
          return (
            <li key={key} {...rest}>
              <Box sx={{ flex: 1 }}>{option}</Box>
              {count !== undefined && (
                <Typography variant="caption" color="text.secondary">
                  {count}
                </Typography>
              )}
            </li>
          );
        }}
        renderInput={(params) => <TextField {...params} label={t('tags')} slotProps={{ ...params.slotProps, htmlInput: { ...params.slotProps.htmlInput, 'data-testid': 'inbox-filter-tags' } }} />}
        noOptionsText={t('no_tags')}
      />
      <FormControlLabel
        control={<Switch checked={filters.unread} onChange={(e) => onChange({ unread: e.target.checked })} />}
        label={t('unread_only')}
      />
      <Box sx={{ display: 'flex', justifyContent: 'space-between' }}>
        <Button onClick={() => onChange({ user: null, span: null, tags: [], unread: false })} data-testid="inbox-filters-clear">
          {t('clear_filters')}
        </Button>
        <Button variant="contained" onClick={onClose}>
          {t('done')}
        </Button>
      </Box>
    </Popover>
  );
}
