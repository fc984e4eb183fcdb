import { customerDisplayName } from '@cd/contracts/customer-constants';
import { InitialsAvatar } from '../../../components/ui/initials-avatar';

/** A customer without a name shows the spec's `NN` on grey. */
export function CustomerAvatar({ customer, size = 40 }: { customer: { id: number; firstName?: string | null; lastName?: string | null }; size?: number }) {
  const nn = customerDisplayName(customer) === 'NN';
  return <InitialsAvatar person={nn ? null : customer} placeholder="NN" size={size} />;
}
