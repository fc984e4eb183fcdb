import { useState } from 'react';
import ArchiveOutlined from '@mui/icons-material/ArchiveOutlined';
import DeleteOutline from '@mui/icons-material/DeleteOutlined';
import EditOutlined from '@mui/icons-material/EditOutlined';
import MarkChatUnreadOutlined from '@mui/icons-material/MarkChatUnreadOutlined';
import MoreVert from '@mui/icons-material/MoreVert';
import UnarchiveOutlined from '@mui/icons-material/UnarchiveOutlined';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { TInternalChatThread } from '@cd/contracts/internal-chat';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { useCurrentUser } from '../../../lib/current-user';
import { toastSuccess } from '../../../lib/toast';
import { useDeleteThread } from '../api/delete-thread';
import { useSetThreadArchived } from '../api/set-thread-archived';
import { personName, threadTitle } from '../lib/chat-cache';
import { ChatAvatar } from './chat-avatar';
import { GroupDialog } from './group-dialog';

/** Top of an open chat: who is in it, and the thread menu (unread, archive, owner: rename/members, delete). */
export function ChatHeader({ thread, onMarkUnread }: { thread: TInternalChatThread; onMarkUnread: () => void }) {
  const { t } = useTranslation();
  const me = useCurrentUser();
  const navigate = useNavigate();
  const archive = useSetThreadArchived();
  const remove = useDeleteThread();
  const [menu, setMenu] = useState<HTMLElement | null>(null);
  const [editing, setEditing] = useState(false);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const owner = thread.owner?.id === me.id;
  const title = threadTitle(thread, me.id) ?? t('ichat_deleted_user');
  const others = thread.users.filter((u) => u.id !== me.id);
  const subtitle = thread.isGroup
    ? t('ichat_members_count', { count: thread.users.length, names: [t('you'), ...others.map((u) => personName(u))].join(', ') })
    : t('ichat_direct_chat');

  const close = () => setMenu(null);
  const toggleArchive = () => {
    close();
    const archived = !thread.isArchived;
    archive.mutate({ id: thread.id, archived }, { onSuccess: () => toastSuccess(t(archived ? 'ichat_archived' : 'ichat_unarchived')) });
  };

  return (
    <Box
      component="header"
      data-testid="ichat-header"
      sx={{ display: 'flex', alignItems: 'center', gap: 1.5, px: 2, py: 1, borderBottom: 1, borderColor: 'divider', bgcolor: 'background.paper', minHeight: 64 }}
    >
      <ChatAvatar thread={thread} meId={me.id} />
      <Box sx={{ minWidth: 0, flex: 1 }}>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
          <Typography variant="subtitle1" component="h2" noWrap sx={{ fontWeight: 700 }} data-testid="ichat-header-title">
            {title}
          </Typography>
          {thread.isArchived && <Chip size="small" variant="outlined" label={t('ichat_archived_label')} />}
        </Box>
        <Typography variant="body2" color="text.secondary" noWrap title={subtitle}>
          {subtitle}
        </Typography>
      </Box>
      <Tooltip title={t('ichat_thread_menu')}>
        <IconButton onClick={(e) => setMenu(e.currentTarget)} aria-label={t('ichat_thread_menu')} aria-haspopup="menu" data-testid="ichat-thread-menu">
          <MoreVert />
        </IconButton>
      </Tooltip>
      <Menu anchorEl={menu} open={!!menu} onClose={close} anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }} transformOrigin={{ vertical: 'top', horizontal: 'right' }}>
        <MenuItem
          onClick={() => {
            close();
            onMarkUnread();
          }}
          disabled={!thread.lastMessage}
          data-testid="ichat-menu-unread"
        >
          <ListItemIcon>
            <MarkChatUnreadOutlined fontSize="small" />
          </ListItemIcon>
          <ListItemText>{t('mark_unread')}</ListItemText>
        </MenuItem>
        <MenuItem onClick={toggleArchive} disabled={archive.isPending} data-testid="ichat-menu-archive">
          <ListItemIcon>{thread.isArchived ? <UnarchiveOutlined fontSize="small" /> : <ArchiveOutlined fontSize="small" />}</ListItemIcon>
          <ListItemText>{thread.isArchived ? t('ichat_unarchive') : t('archive')}</ListItemText>
        </MenuItem>
        {owner && thread.isGroup && (
          <MenuItem
            onClick={() => {
              close();
              setEditing(true);
            }}
            data-testid="ichat-menu-edit"
          >
            <ListItemIcon>
              <EditOutlined fontSize="small" />
            </ListItemIcon>
            <ListItemText>{t('ichat_edit_group')}</ListItemText>
          </MenuItem>
        )}
        {owner && (
          <MenuItem
            onClick={() => {
              close();
              setConfirmDelete(true);
            }}
            sx={{ color: 'error.main' }}
            data-testid="ichat-menu-delete"
          >
            <ListItemIcon>
              <DeleteOutline fontSize="small" color="error" />
            </ListItemIcon>
            <ListItemText>{t('ichat_delete_chat')}</ListItemText>
          </MenuItem>
        )}
      </Menu>
      {owner && thread.isGroup && <GroupDialog open={editing} thread={thread} onClose={() => setEditing(false)} onSaved={() => undefined} />}
      <ConfirmDialog
        open={confirmDelete}
        title={t('ichat_delete_chat')}
        text={t('ichat_delete_confirm', { name: title })}
        confirmLabel={t('delete')}
        busy={remove.isPending}
        onClose={() => setConfirmDelete(false)}
        onConfirm={() =>
          remove.mutate(thread.id, {
            onSuccess: () => {
              setConfirmDelete(false);
              toastSuccess(t('ichat_deleted'));
              void navigate('/internal-chat', { replace: true });
            },
            onError: () => setConfirmDelete(false),
          })
        }
      />
    </Box>
  );
}
