import { useCallback, useMemo, useRef, useState } from 'react';
import AddComment from '@mui/icons-material/AddCommentOutlined';
import ArchiveOutlined from '@mui/icons-material/ArchiveOutlined';
import Forum from '@mui/icons-material/ForumOutlined';
import GroupAdd from '@mui/icons-material/GroupAddOutlined';
import InboxOutlined from '@mui/icons-material/InboxOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { TInternalChatThread } from '@cd/contracts/internal-chat';
import { ListPanelHeader } from '../../../components/ui/list-panel-header';
import { ListRowSkeletons } from '../../../components/ui/list-row';
import { VirtualList, type TVirtualListHandle } from '../../../components/ui/virtual-list';
import { ApiError } from '../../../lib/api-client';
import { useCurrentUser } from '../../../lib/current-user';
import { uniqueMembers } from '../../../lib/paged-list';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { useListboxKeys } from '../../../lib/use-listbox-keys';
import { useNow } from '../../../lib/use-now';
import { useThreads } from '../api/get-threads';
import type { TThreadFilters } from '../lib/chat-cache';
import { GroupDialog } from './group-dialog';
import { NewChatDialog } from './new-chat-dialog';
import { THREAD_ROW_HEIGHT, ThreadRow } from './thread-row';

/** The caller's chats: unread marks, previews, search by name, archived view, new chat and new group. */
export function ThreadListPanel({ selectedId }: { selectedId: number | null }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const me = useCurrentUser();
  const [archived, setArchived] = useState(false);
  const [searchInput, setSearchInput] = useState('');
  const search = useDebouncedValue(searchInput.trim(), 300);
  const filters = useMemo<TThreadFilters>(() => ({ archived, search }), [archived, search]);
  const [dialog, setDialog] = useState<'chat' | 'group' | null>(null);
  const listRef = useRef<TVirtualListHandle>(null);
  const now = useNow();

  const threads = useThreads(filters);
  const rows = useMemo(() => uniqueMembers(threads.data), [threads.data]);
  const open = useCallback((th: TInternalChatThread) => void navigate(`/internal-chat/${th.id}`), [navigate]);

  const { hasNextPage, isFetchingNextPage, fetchNextPage } = threads;
  const loadMore = useCallback(() => {
    if (hasNextPage && !isFetchingNextPage) void fetchNextPage();
  }, [hasNextPage, isFetchingNextPage, fetchNextPage]);

  const { activeIndex, setActiveIndex, onKeyDown } = useListboxKeys({ rows, selectedId, onOpen: open, listRef });

  const searching = search !== '';
  const activeRow = activeIndex >= 0 ? rows[activeIndex] : undefined;

  let body: React.ReactNode;
  if (threads.isPending)
    body = <ListRowSkeletons testId="ichat-threads-loading" count={7} rowHeight={THREAD_ROW_HEIGHT} lines={[{ width: '50%' }, { width: '80%' }]} />;
  else if (threads.isError)
    body = (
      <Box sx={{ p: 2 }} data-testid="ichat-threads-error">
        <Alert
          severity="error"
          action={
            <Button color="inherit" size="small" onClick={() => void threads.refetch()}>
              {t('retry')}
            </Button>
          }
        >
          {threads.error instanceof ApiError && threads.error.status === 403 ? t('ichat_no_access') : t('ichat_threads_load_failed')}
        </Alert>
      </Box>
    );
  else if (rows.length === 0)
    body = (
      <Box data-testid="ichat-threads-empty" sx={{ p: 4, textAlign: 'center', color: 'text.secondary' }}>
        <Forum sx={{ fontSize: 44, mb: 1, opacity: 0.6 }} />
        <Typography>{archived ? t('ichat_no_archived_chats') : searching ? t('ichat_no_chats_match') : t('ichat_no_chats')}</Typography>
        {!archived && !searching && (
          <Box sx={{ mt: 2, display: 'flex', gap: 1, justifyContent: 'center', flexWrap: 'wrap' }}>
            <Button variant="outlined" startIcon={<AddComment />} onClick={() => setDialog('chat')}>
              {t('ichat_new_chat')}
            </Button>
            <Button variant="outlined" startIcon={<GroupAdd />} onClick={() => setDialog('group')}>
              {t('ichat_new_group')}
            </Button>
          </Box>
        )}
      </Box>
    );
  else
    body = (
      <VirtualList
        ref={listRef}
        data-testid="ichat-thread-list"
        role="listbox"
        tabIndex={0}
        aria-label={archived ? t('ichat_archived_chats') : t('ichat_chats')}
        aria-activedescendant={activeRow ? `ichat-thread-option-${activeRow.id}` : undefined}
        onKeyDown={onKeyDown}
        onBlur={() => setActiveIndex(-1)}
        style={{ flex: 1, minHeight: 0, outline: 'none' }}
        itemCount={rows.length}
        itemHeight={THREAD_ROW_HEIGHT}
        onEndReached={loadMore}
        renderItem={(i, style) => {
          const th = rows[i]!;
          return <ThreadRow key={th.id} thread={th} meId={me.id} style={style} selected={th.id === selectedId} active={i === activeIndex} now={now} onOpen={open} />;
        }}
        footer={
          isFetchingNextPage ? (
            <Box sx={{ display: 'flex', justifyContent: 'center', py: 1.5 }}>
              <CircularProgress size={20} aria-label={t('loading')} />
            </Box>
          ) : null
        }
      />
    );

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', height: '100%', minHeight: 0, bgcolor: 'background.paper' }} data-testid="ichat-thread-panel">
      <ListPanelHeader
        title={archived ? t('ichat_archived_chats') : t('menu_internal_chat')}
        actions={
          <>
            <Tooltip title={t('ichat_new_chat')}>
              <IconButton onClick={() => setDialog('chat')} aria-label={t('ichat_new_chat')} data-testid="ichat-new-chat">
                <AddComment />
              </IconButton>
            </Tooltip>
            <Tooltip title={t('ichat_new_group')}>
              <IconButton onClick={() => setDialog('group')} aria-label={t('ichat_new_group')} data-testid="ichat-new-group">
                <GroupAdd />
              </IconButton>
            </Tooltip>
            <Tooltip title={archived ? t('ichat_show_chats') : t('ichat_show_archived')}>
              <IconButton
                onClick={() => {
                  setArchived((v) => !v);
                  setActiveIndex(-1);
                }}
                aria-label={archived ? t('ichat_show_chats') : t('ichat_show_archived')}
                aria-pressed={archived}
                color={archived ? 'primary' : 'default'}
                data-testid="ichat-archived-toggle"
              >
                {archived ? <InboxOutlined /> : <ArchiveOutlined />}
              </IconButton>
            </Tooltip>
          </>
        }
        search={searchInput}
        onSearchChange={setSearchInput}
        searchLabel={t('ichat_search_chats')}
        searchTestId="ichat-search"
        searchMaxLength={100}
      />
      <Box sx={{ flex: 1, minHeight: 0, display: 'flex', flexDirection: 'column', overflow: 'hidden' }}>{body}</Box>
      <NewChatDialog open={dialog === 'chat'} onClose={() => setDialog(null)} onOpenThread={(id) => void navigate(`/internal-chat/${id}`)} />
      <GroupDialog open={dialog === 'group'} onClose={() => setDialog(null)} onSaved={(th) => void navigate(`/internal-chat/${th.id}`)} />
    </Box>
  );
}
