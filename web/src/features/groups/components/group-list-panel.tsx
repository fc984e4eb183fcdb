import { useState, type KeyboardEvent } from 'react';
import Add from '@mui/icons-material/Add';
import DeleteOutline from '@mui/icons-material/DeleteOutlined';
import EditOutlined from '@mui/icons-material/EditOutlined';
import GroupsOutlined from '@mui/icons-material/GroupsOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Skeleton from '@mui/material/Skeleton';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { toastSuccess } from '../../../lib/toast';
import { useCustomerGroups } from '../api/get-customer-groups';
import { useDeleteCustomerGroup } from '../api/save-customer-group';
import type { TCustomerGroup } from '../lib/types';
import { GroupNameDialog } from './group-name-dialog';

interface TProps {
  selectedId: number | null;
  onSelect: (id: number | null) => void;
  canDelete: boolean;
}

/** Left pane of /customer-groups: every group with its member count; create, rename, delete. */
export function GroupListPanel({ selectedId, onSelect, canDelete }: TProps) {
  const { t } = useTranslation();
  const groups = useCustomerGroups();
  const remove = useDeleteCustomerGroup();
  const [creating, setCreating] = useState(false);
  const [renaming, setRenaming] = useState<TCustomerGroup | null>(null);
  const [deleting, setDeleting] = useState<TCustomerGroup | null>(null);
  const list = groups.data ?? [];

  const onKeyDown = (e: KeyboardEvent<HTMLUListElement>) => {
    if (e.key !== 'ArrowDown' && e.key !== 'ArrowUp') return;
    e.preventDefault();
    const i = list.findIndex((g) => g.id === selectedId);
    const next = e.key === 'ArrowDown' ? Math.min(list.length - 1, i + 1) : Math.max(0, i - 1);
    const g = list[next];
    if (g) {
      onSelect(g.id);
      document.getElementById(`group-option-${g.id}`)?.focus();
    }
  };

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', height: '100%', minHeight: 0, bgcolor: 'background.paper' }}>
      <Box sx={{ px: 1.5, pt: 1.5, pb: 1, borderBottom: 1, borderColor: 'divider', display: 'flex', alignItems: 'center', gap: 1 }}>
        <Typography variant="h6" component="h1" sx={{ flex: 1, minWidth: 0, fontWeight: 700, fontSize: '1.1rem' }} noWrap>
          {t('menu_customer_groups')}
        </Typography>
        <Button size="small" variant="contained" startIcon={<Add />} onClick={() => setCreating(true)} data-testid="group-create" sx={{ flexShrink: 0, whiteSpace: 'nowrap' }}>
          {t('new_group')}
        </Button>
      </Box>
      {groups.isPending && (
        <Box sx={{ p: 1.5 }} aria-busy="true" data-testid="groups-loading">
          {Array.from({ length: 6 }, (_, i) => (
            <Skeleton key={i} height={44} />
          ))}
        </Box>
      )}
      {groups.isError && (
        <Alert
          severity="error"
          sx={{ m: 1.5 }}
          data-testid="groups-error"
          action={
            <Button color="inherit" size="small" onClick={() => void groups.refetch()}>
              {t('retry')}
            </Button>
          }
        >
          {t('groups_load_failed')}
        </Alert>
      )}
      {groups.isSuccess && list.length === 0 && (
        <Box sx={{ p: 3, textAlign: 'center', color: 'text.secondary' }} data-testid="groups-empty">
          <GroupsOutlined sx={{ fontSize: 48, opacity: 0.5 }} />
          <Typography sx={{ mt: 1 }}>{t('no_groups_yet')}</Typography>
        </Box>
      )}
      {list.length > 0 && (
        <List sx={{ flex: 1, overflowY: 'auto', py: 0 }} data-testid="groups-list" aria-label={t('menu_customer_groups')} onKeyDown={onKeyDown}>
          {list.map((g) => {
            const selected = g.id === selectedId;
            return (
              <Box key={g.id} data-testid={`group-row-${g.id}`} sx={{ display: 'flex', alignItems: 'center', borderBottom: 1, borderColor: 'divider', '&:hover .group-row-actions, &:focus-within .group-row-actions': { opacity: 1 } }}>
                <ListItemButton id={`group-option-${g.id}`} selected={selected} onClick={() => onSelect(g.id)} aria-current={selected ? 'true' : undefined} sx={{ py: 1, minWidth: 0 }}>
                  <ListItemText
                    primary={g.name}
                    secondary={t('members_count', { count: g.memberCount })}
                    slotProps={{ primary: { noWrap: true, sx: { fontWeight: selected ? 700 : 500 } } }}
                  />
                  <Chip size="small" label={g.memberCount} sx={{ ml: 1 }} aria-hidden />
                </ListItemButton>
                <Box className="group-row-actions" sx={{ display: 'flex', pr: 0.5, opacity: { xs: 1, md: selected ? 1 : 0 }, transition: 'opacity .15s' }}>
                  <Tooltip title={t('rename')}>
                    <IconButton size="small" onClick={() => setRenaming(g)} aria-label={`${t('rename')} ${g.name}`} data-testid="group-rename">
                      <EditOutlined fontSize="small" />
                    </IconButton>
                  </Tooltip>
                  {canDelete && (
                    <Tooltip title={t('delete')}>
                      <IconButton size="small" onClick={() => setDeleting(g)} aria-label={`${t('delete')} ${g.name}`} data-testid="group-delete">
                        <DeleteOutline fontSize="small" />
                      </IconButton>
                    </Tooltip>
                  )}
                </Box>
              </Box>
            );
          })}
        </List>
      )}
      <GroupNameDialog
        open={creating}
        onClose={() => setCreating(false)}
        onSaved={(g) => {
          setCreating(false);
          onSelect(g.id);
          toastSuccess(t('group_created'));
        }}
      />
      <GroupNameDialog open={!!renaming} group={renaming ?? undefined} onClose={() => setRenaming(null)} onSaved={() => setRenaming(null)} />
      <ConfirmDialog
        open={!!deleting}
        title={t('delete_group')}
        text={t('delete_group_confirm', { name: deleting?.name ?? '' })}
        confirmLabel={t('delete')}
        busy={remove.isPending}
        onClose={() => setDeleting(null)}
        onConfirm={() => {
          if (!deleting) return;
          const id = deleting.id;
          remove.mutate(id, {
            onSuccess: () => {
              setDeleting(null);
              toastSuccess(t('group_deleted'));
              if (id === selectedId) onSelect(null);
            },
          });
        }}
      />
    </Box>
  );
}
