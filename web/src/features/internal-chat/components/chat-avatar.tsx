import Groups from '@mui/icons-material/GroupsOutlined';
import Avatar from '@mui/material/Avatar';
import type { TInternalChatThread } from '@cd/contracts/internal-chat';
import { InitialsAvatar } from '../../../components/ui/initials-avatar';

/** A group shows a group icon; a one-to-one chat the other member's initials. */
export function ChatAvatar({ thread, meId, size = 40 }: { thread: TInternalChatThread; meId: number; size?: number }) {
  if (!thread.isGroup) return <InitialsAvatar person={thread.users.find((u) => u.id !== meId) ?? null} size={size} />;
  return (
    <Avatar aria-hidden sx={{ width: size, height: size, bgcolor: 'secondary.main', color: 'secondary.contrastText' }}>
      <Groups sx={{ fontSize: size * 0.6 }} />
    </Avatar>
  );
}
