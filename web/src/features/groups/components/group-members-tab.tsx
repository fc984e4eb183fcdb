import { useState } from 'react';
import LocalOfferOutlined from '@mui/icons-material/LocalOfferOutlined';
import PersonRemoveOutlined from '@mui/icons-material/PersonRemoveOutlined';
import Search from '@mui/icons-material/Search';
import Alert from '@mui/material/Alert';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Skeleton from '@mui/material/Skeleton';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { TCustomerSimple } from '@cd/contracts/customer';
import { useCustomerTags } from '../../../api/get-customer-tags';
import { useCustomerSearch } from '../../../api/search-customers';
import { formatPhone } from '../../../lib/format';
import { toastSuccess } from '../../../lib/toast';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { useGroupMembers } from '../api/get-group-members';
import { useUpdateCustomerGroup } from '../api/save-customer-group';
import type { TCustomerGroup } from '../lib/types';

export function GroupMembersTab({ group }: { group: TCustomerGroup }) {
  const { t } = useTranslation();
  const members = useGroupMembers(group.id);
  const update = useUpdateCustomerGroup();
  const [searchInput, setSearchInput] = useState('');
  const [searchOpen, setSearchOpen] = useState(false);
  const search = useDebouncedValue(searchInput, 250);
  const options = useCustomerSearch({ search, enabled: searchOpen });
  const [tagAnchor, setTagAnchor] = useState<HTMLElement | null>(null);
  const tags = useCustomerTags({ enabled: !!tagAnchor });
  const rows = members.data?.pages.flatMap((p) => p.member) ?? [];
  const memberIds = new Set(rows.map((m) => m.id));

  const add = (c: TCustomerSimple) =>
    update.mutate({ id: group.id, addCustomers: [c.id] }, { onSuccess: () => toastSuccess(t('member_added', { name: c.name })) });

  return (
    <Box sx={{ flex: 1, minHeight: 0, display: 'flex', flexDirection: 'column' }}>
      <Box sx={{ display: 'flex', gap: 1, p: 1.5, flexWrap: 'wrap', alignItems: 'center', borderBottom: 1, borderColor: 'divider' }}>
        <Autocomplete<TCustomerSimple, false, false, false>
          sx={{ flex: 1, minWidth: 240 }}
          size="small"
          open={searchOpen}
          onOpen={() => setSearchOpen(true)}
          onClose={() => setSearchOpen(false)}
          options={options.data ?? []}
          loading={options.isFetching}
          value={null}
          inputValue={searchInput}
          onInputChange={(_, v, reason) => {
            if (reason !== 'reset') setSearchInput(v);
          }}
          onChange={(_, v) => {
            if (v) add(v);
            setSearchInput('');
          }}
          filterOptions={(x) => x}
          getOptionLabel={(o) => o.name}
          getOptionDisabled={(o) => memberIds.has(o.id)}
          isOptionEqualToValue={(a, b) => a.id === b.id}
          noOptionsText={t('no_customers_found')}
          loadingText={t('loading')}
          renderOption={(props, o) => {
            const { key, ...rest } = props as typeof props & { key: string };
            return (
              <li key={key} {...rest}>
                <ListItemText primary={o.name} secondary={memberIds.has(o.id) ? t('already_member') : formatPhone(o.phone)} />
              </li>
            );
          }}
          renderInput={(params) => (
            <TextField
              {...params}
              placeholder={t('add_member_search')}
              slotProps={{
                ...params.slotProps,
                input: {
                  ...params.slotProps.input,
                  startAdornment: (
                    <InputAdornment position="start">
                      <Search fontSize="small" />
                    </InputAdornment>
                  ),
                  endAdornment: (
                    <>
                      {options.isFetching && <CircularProgress size={16} />}
                      {params.slotProps.input.endAdornment}
                    </>
                  ),
                },
                htmlInput: { ...params.slotProps.htmlInput, 'data-testid': 'group-add-member-search', 'aria-label': t('add_member_search') },
              }}
            />
          )}
        />
        <Button variant="outlined" startIcon={<LocalOfferOutlined />} onClick={(e) => setTagAnchor(e.currentTarget)} data-testid="group-add-by-tag" aria-haspopup="menu" disabled={update.isPending}>
          {t('add_all_with_tag')}
        </Button>
        <Menu open={!!tagAnchor} anchorEl={tagAnchor} onClose={() => setTagAnchor(null)} slotProps={{ paper: { sx: { maxHeight: 360, minWidth: 220 } } }}>
          {tags.isPending && (
            <MenuItem disabled>
              <CircularProgress size={16} sx={{ mr: 1 }} /> {t('loading')}
            </MenuItem>
          )}
          {tags.isError && <MenuItem disabled>{t('tags_load_failed')}</MenuItem>}
          {tags.data?.length === 0 && <MenuItem disabled>{t('no_tags')}</MenuItem>}
          {tags.data?.map((tag) => (
            <MenuItem
              key={tag.name}
              data-testid={`group-add-by-tag-${tag.name}`}
              onClick={() => {
                setTagAnchor(null);
                update.mutate({ id: group.id, addByTags: [tag.name] }, { onSuccess: () => toastSuccess(t('members_added_by_tag', { tag: tag.name })) });
              }}
            >
              <ListItemText primary={tag.name} />
              <Typography variant="caption" color="text.secondary" sx={{ ml: 2 }}>
                {tag.count}
              </Typography>
            </MenuItem>
          ))}
        </Menu>
      </Box>
      <Box sx={{ flex: 1, minHeight: 0, overflowY: 'auto' }} data-testid="group-members" aria-busy={members.isPending}>
        {members.isPending &&
          Array.from({ length: 6 }, (_, i) => (
            <Box key={i} sx={{ px: 2, py: 1 }}>
              <Skeleton width="40%" />
              <Skeleton width="25%" />
            </Box>
          ))}
        {members.isError && (
          <Alert
            severity="error"
            sx={{ m: 2 }}
            action={
              <Button color="inherit" size="small" onClick={() => void members.refetch()}>
                {t('retry')}
              </Button>
            }
          >
            {t('members_load_failed')}
          </Alert>
        )}
        {members.isSuccess && rows.length === 0 && (
          <Typography sx={{ p: 3, textAlign: 'center' }} color="text.secondary" data-testid="group-members-empty">
            {t('group_has_no_members')}
          </Typography>
        )}
        {rows.length > 0 && (
          <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0 }} aria-label={t('members')}>
            {rows.map((m) => (
              <Box
                component="li"
                key={m.id}
                data-testid={`group-member-row-${m.id}`}
                data-opt-out={m.optOut ? 'true' : 'false'}
                sx={{ display: 'flex', alignItems: 'center', gap: 1.5, px: 2, py: 1, borderBottom: 1, borderColor: 'divider' }}
              >
                <Box sx={{ flex: 1, minWidth: 0 }}>
                  <Typography noWrap sx={{ fontWeight: 500 }}>
                    {m.name}
                  </Typography>
                  <Typography variant="body2" color="text.secondary" noWrap>
                    {formatPhone(m.phone)}
                  </Typography>
                </Box>
                {m.optOut && <Chip size="small" color="warning" variant="outlined" label={t('opted_out')} data-testid={`group-member-opt-out-${m.id}`} />}
                <Tooltip title={t('remove_from_group')}>
                  <span>
                    <IconButton
                      size="small"
                      aria-label={`${t('remove_from_group')}: ${m.name}`}
                      data-testid={`group-member-remove-${m.id}`}
                      disabled={update.isPending && update.variables?.removeCustomers?.includes(m.id)}
                      onClick={() => update.mutate({ id: group.id, removeCustomers: [m.id] }, { onSuccess: () => toastSuccess(t('member_removed', { name: m.name })) })}
                    >
                      <PersonRemoveOutlined fontSize="small" />
                    </IconButton>
                  </span>
                </Tooltip>
              </Box>
            ))}
          </Box>
        )}
        {members.hasNextPage && (
          <Box sx={{ display: 'flex', justifyContent: 'center', py: 1.5 }}>
            <Button onClick={() => void members.fetchNextPage()} disabled={members.isFetchingNextPage} data-testid="group-members-more">
              {members.isFetchingNextPage ? <CircularProgress size={18} /> : t('load_more')}
            </Button>
          </Box>
        )}
      </Box>
    </Box>
  );
}
