import Avatar from '@mui/material/Avatar';
import { initialsOf } from '../../lib/format';

/** Colour derived from the id, so rows and chats are easy to tell apart. */
const HUES = [210, 160, 280, 20, 340, 120, 45, 190];

interface TProps {
  /** Nobody to show (an unknown or unnamed person): a grey avatar with `placeholder`. */
  person: { id: number; firstName?: string | null; lastName?: string | null } | null;
  placeholder?: string;
  size?: number;
}

export function InitialsAvatar({ person, placeholder = '?', size = 40 }: TProps) {
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
      {person ? initialsOf(person.firstName, person.lastName) : placeholder}
    </Avatar>
  );
}
