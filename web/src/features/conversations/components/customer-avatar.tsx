import Avatar from '@mui/material/Avatar';
import { customerDisplayName } from '@cd/contracts/customer';
import { initialsOf } from '../../../lib/format';

/** Initials avatar with a colour derived from the id, so rows are easy to tell apart. */
const HUES = [210, 160, 280, 20, 340, 120, 45, 190];

export function CustomerAvatar({ customer, size = 40 }: { customer: { id: number; firstName?: string | null; lastName?: string | null }; size?: number }) {
  const nn = customerDisplayName(customer) === 'NN';
  const hue = HUES[customer.id % HUES.length]!;
  return (
    <Avatar
      aria-hidden
      sx={{
        width: size,
        height: size,
        fontSize: size * 0.4,
        fontWeight: 600,
        color: '#fff',
        bgcolor: (theme) => (nn ? theme.palette.grey[500] : `hsl(${hue} 45% ${theme.palette.mode === 'dark' ? 38 : 46}%)`),
      }}
    >
      {nn ? 'NN' : initialsOf(customer.firstName, customer.lastName)}
    </Avatar>
  );
}
