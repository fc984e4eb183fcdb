import ForumOutlined from '@mui/icons-material/ForumOutlined';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Navigate, useParams } from 'react-router';
import { ChatConversation } from './chat-conversation';
import { ThreadListPanel } from './thread-list-panel';

export const THREAD_PANEL_WIDTH = 360;

function SelectChatPane() {
  const { t } = useTranslation();
  return (
    <Box sx={{ flex: 1, display: 'flex', flexDirection: 'column', alignItems: 'center', justifyContent: 'center', color: 'text.secondary', p: 3, textAlign: 'center' }} data-testid="ichat-select-hint">
      <ForumOutlined sx={{ fontSize: 56, opacity: 0.45, mb: 1 }} />
      <Typography variant="h6" component="p">
        {t('ichat_select_chat')}
      </Typography>
      <Typography variant="body2">{t('ichat_select_chat_hint')}</Typography>
    </Box>
  );
}

/** /internal-chat and /internal-chat/{threadId}: the chats on the left, the open chat on the right. */
export function InternalChatPage() {
  const { threadId } = useParams();
  if (threadId !== undefined && !/^\d{1,15}$/.test(threadId)) return <Navigate to="/internal-chat" replace />;
  const selectedId = threadId === undefined ? null : Number(threadId);
  return (
    <Box sx={{ flex: 1, minHeight: 0, display: 'flex' }} data-testid="internal-chat-page">
      <Box sx={{ width: THREAD_PANEL_WIDTH, flexShrink: 0, borderRight: 1, borderColor: 'divider', minHeight: 0, display: 'flex', flexDirection: 'column' }}>
        <ThreadListPanel selectedId={selectedId} />
      </Box>
      <Box sx={{ flex: 1, minWidth: 0, minHeight: 0, display: 'flex', flexDirection: 'column' }}>
        {selectedId === null ? <SelectChatPane /> : <ChatConversation key={selectedId} threadId={selectedId} />}
      </Box>
    </Box>
  );
}
