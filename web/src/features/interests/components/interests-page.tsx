import AddOutlined from '@mui/icons-material/AddOutlined';
import ArrowBackOutlined from '@mui/icons-material/ArrowBackOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { ApiError } from '../../../lib/api-client';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { useIsMobile } from '../../../lib/use-is-mobile';
import { useInterests } from '../api/get-interests';
import { InterestDialog } from './interest-dialog';
import { InterestMembers } from './interest-members';

/**
 * `/interests` (spec part 1 §2, issue 18): the categories customers belong to ("3-bed under $400k"), each with its
 * member count, on the left; the chosen one's customers on the right. Offers are sent to these audiences.
 */
export function InterestsPage() {
  const { t } = useTranslation();
  const mobile = useIsMobile();
  const [params, setParams] = useSearchParams();
  const selected = Number(params.get('interest')) || null;
  const select = (id: number | null) => setParams(id ? { interest: String(id) } : {}, { replace: true });
  const [search, setSearch] = useState('');
  const debounced = useDebouncedValue(search.trim(), 300);
  const list = useInterests(debounced);
  const [creating, setCreating] = useState(false);
  const rows = list.data?.member ?? [];
  const current = rows.find((i) => i.id === selected) ?? null;
  const forbidden = list.error instanceof ApiError && list.error.status === 403;

  const showList = !mobile || selected === null;
  const showDetail = !mobile || selected !== null;
  return (
    <Box
      sx={{ p: { xs: 2, md: 3 }, display: 'flex', flexDirection: 'column', gap: 2, maxWidth: 1300, mx: 'auto', width: '100%', boxSizing: 'border-box' }}
      data-testid="interests-page"
    >
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
        {mobile && selected !== null && (
          <Button startIcon={<ArrowBackOutlined />} onClick={() => select(null)}>
            {t('menu_interests')}
          </Button>
        )}
        <Typography variant="h5" component="h1" sx={{ fontWeight: 700, flex: 1 }}>
          {t('menu_interests')}
        </Typography>
        <Button variant="contained" size="small" startIcon={<AddOutlined />} onClick={() => setCreating(true)} disabled={forbidden} data-testid="interest-new">
          {t('interests_new')}
        </Button>
      </Box>
      {forbidden ? (
        <Alert severity="warning" data-testid="interests-forbidden">
          {list.error?.message}
        </Alert>
      ) : (
        <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', md: 'minmax(260px, 1fr) 2fr' }, gap: 2, alignItems: 'start' }}>
          {showList && (
            <Paper variant="outlined" sx={{ overflow: 'hidden' }}>
              <Box sx={{ p: 1.5 }}>
                <TextField
                  size="small"
                  fullWidth
                  label={t('interests_search')}
                  value={search}
                  onChange={(e) => setSearch(e.target.value)}
                  slotProps={{ htmlInput: { maxLength: 100, 'data-testid': 'interests-search' } }}
                />
              </Box>
              {list.isPending ? (
                <Box sx={{ px: 2, pb: 2 }}>
                  {[0, 1, 2].map((i) => (
                    <Skeleton key={i} height={48} />
                  ))}
                </Box>
              ) : list.isError ? (
                <Alert
                  severity="error"
                  sx={{ m: 1.5 }}
                  action={<Button onClick={() => void list.refetch()}>{t('retry')}</Button>}
                  data-testid="interests-error"
                >
                  {t('interests_load_failed')}
                </Alert>
              ) : rows.length === 0 ? (
                <Typography color="text.secondary" sx={{ p: 2 }} data-testid="interests-empty">
                  {debounced ? t('interests_no_match') : t('interests_empty')}
                </Typography>
              ) : (
                <List dense disablePadding data-testid="interests-list">
                  {rows.map((i) => (
                    <ListItemButton key={i.id} selected={i.id === selected} onClick={() => select(i.id)} data-testid={`interest-${i.id}`}>
                      <ListItemText primary={i.name} secondary={i.description || null} slotProps={{ primary: { noWrap: true }, secondary: { noWrap: true } }} />
                      <Chip
                        size="small"
                        label={i.memberCount}
                        title={t('interests_members_count', { count: i.memberCount })}
                        data-testid={`interest-count-${i.id}`}
                      />
                    </ListItemButton>
                  ))}
                </List>
              )}
            </Paper>
          )}
          {showDetail && (
            <Paper variant="outlined" sx={{ minHeight: 240 }}>
              {current ? (
                <InterestMembers key={current.id} interest={current} onDeleted={() => select(null)} />
              ) : (
                <Typography color="text.secondary" sx={{ p: 3 }} data-testid="interests-pick">
                  {selected !== null && !list.isPending && !debounced ? t('interests_not_found') : t('interests_pick')}
                </Typography>
              )}
            </Paper>
          )}
        </Box>
      )}
      {creating && <InterestDialog onClose={() => setCreating(false)} onSaved={(id) => select(id)} />}
    </Box>
  );
}
