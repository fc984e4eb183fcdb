import { useEffect, useRef, type ComponentType } from 'react';
import Box from '@mui/material/Box';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import type { TCustomer } from '@cd/contracts/customer';
import { toastSuccess } from '../../../lib/toast';
import { useCustomer } from '../api/get-customer';
import { useSetCustomerRead } from '../api/set-customer-read';
import { Composer } from './composer';
import { CustomerHeader } from './customer-header';
import { CustomerLoadError } from './customer-not-found';
import { MessageThread } from './message-thread';

/** /communication/{customerId}/messenger. `Aside` is a side panel the app composes in (the repair-order panel). */
export function MessengerPage({ Aside }: { Aside?: ComponentType<{ customer: TCustomer | undefined }> }) {
  const { t } = useTranslation();
  const { customerId = '' } = useParams();
  const id = /^\d+$/.test(customerId) ? Number(customerId) : NaN;
  const customer = useCustomer(id);
  const setRead = useSetCustomerRead();
  const markedUnread = useRef<number | null>(null);
  const { mutate } = setRead;
  const c = customer.data;

  // Opening a conversation marks it read; new inbound messages while it is open are read too, unless the user
  // has just marked it unread on purpose.
  useEffect(() => {
    if (!c || c.id !== id) return;
    if (markedUnread.current === id) return;
    if (!c.read) mutate({ id, read: true });
  }, [c, id, mutate]);
  useEffect(() => {
    markedUnread.current = null;
  }, [id]);

  const markUnread = () => {
    markedUnread.current = id;
    mutate({ id, read: false }, { onSuccess: () => toastSuccess(t('marked_unread')) });
  };

  if (!Number.isFinite(id) || customer.isError)
    return <CustomerLoadError error={customer.error ?? new Error('not found')} onRetry={() => void customer.refetch()} />;

  return (
    <Box sx={{ flex: 1, minHeight: 0, display: 'flex' }}>
      <Box sx={{ flex: 1, minWidth: 0, minHeight: 0, display: 'flex', flexDirection: 'column' }} data-testid="messenger-page">
        <CustomerHeader customer={c} view="messenger" onMarkUnread={markUnread} />
        <MessageThread key={id} customerId={id} />
        {c && <Composer customer={c} />}
      </Box>
      {Aside && <Aside customer={c} />}
    </Box>
  );
}
