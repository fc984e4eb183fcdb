import Groups from '@mui/icons-material/GroupsOutlined';
import Avatar from '@mui/material/Avatar';
import type { TInternalChatThread } from '@cd/contracts/internal-chat';
import { initialsOf } from '../../../lib/format';

/** Colour derived from the id, so chats are easy to tell apart. */
const HUES = [210, 160, 280, 20, 340, 120, 45, 190];

export function PersonAvatar({ person, size = 40 }: { person: { id: number; firstName?: string | null; lastName?: string | null } | null; size?: number }) {
  const hue = HUES[(person?.id ?? 0) % HUES.length]!;
  return (
    <Avatar
      aria-hidden
      sx={{
        width: size,
        height: size,
        fontSize: size * 0.4,
        fontWeight: 600,
        color: '#fff',
        bgcolor: (theme) => (person ? `hsl(${hue} 45% ${theme.palette.mode === 'dark' ? 38 : 46}%)` : theme.palette.grey[500]),
      }}
    >
      {person ? initialsOf(person.firstName, person.lastName) : '?'}
    </Avatar>
  );
}

/** A group shows a group icon; a one-to-one chat the other member's initials. */
export function ChatAvatar({ thread, meId, size = 40 }: { thread: TInternalChatThread; meId: number; size?: number }) {
  if (!thread.isGroup) return <PersonAvatar person={thread.users.find((u) => u.id !== meId) ?? null} size={size} />;
  return (
    <Avatar aria-hidden sx={{ width: size, height: size, bgcolor: 'secondary.main', color: 'secondary.contrastText' }}>
      <Groups sx={{ fontSize: size * 0.6 }} />
    </Avatar>
  );
}
