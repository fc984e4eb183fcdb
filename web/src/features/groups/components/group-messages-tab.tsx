import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { useGroupMessages } from '../api/get-group-messages';
import type { TCustomerGroup, TGroupMessage } from '../lib/types';
import { GroupComposer } from './group-composer';
import { GroupMessageItem } from './group-message-item';
import { RecipientsDialog } from './recipients-dialog';

export function GroupMessagesTab({ group }: { group: TCustomerGroup }) {
  const { t } = useTranslation();
  const messages = useGroupMessages(group.id);
  const [open, setOpen] = useState<TGroupMessage | null>(null);
  const list = messages.data?.pages.flatMap((p) => p.member) ?? [];
  const current = open ? (list.find((m) => m.id === open.id) ?? open) : null;

  return (
    <Box sx={{ flex: 1, minHeight: 0, display: 'flex', flexDirection: 'column' }}>
      <GroupComposer group={group} />
      <Box sx={{ flex: 1, minHeight: 0, overflowY: 'auto', p: 1.5, display: 'flex', flexDirection: 'column', gap: 1 }} data-testid="group-messages" aria-busy={messages.isPending}>
        {messages.isPending && Array.from({ length: 3 }, (_, i) => <Skeleton key={i} variant="rounded" height={96} />)}
        {messages.isError && (
          <Alert
            severity="error"
            action={
              <Button color="inherit" size="small" onClick={() => void messages.refetch()}>
                {t('retry')}
              </Button>
            }
          >
            {t('group_messages_load_failed')}
          </Alert>
        )}
        {messages.isSuccess && list.length === 0 && (
          <Typography sx={{ p: 3, textAlign: 'center' }} color="text.secondary" data-testid="group-messages-empty">
            {t('no_group_messages')}
          </Typography>
        )}
        {list.map((m) => (
          <GroupMessageItem key={m.id} message={m} groupId={group.id} onOpen={() => setOpen(m)} />
        ))}
        {messages.hasNextPage && (
          <Box sx={{ display: 'flex', justifyContent: 'center' }}>
            <Button onClick={() => void messages.fetchNextPage()} disabled={messages.isFetchingNextPage} data-testid="group-messages-more">
              {messages.isFetchingNextPage ? <CircularProgress size={18} /> : t('load_more')}
            </Button>
          </Box>
        )}
      </Box>
      {current && <RecipientsDialog message={current} onClose={() => setOpen(null)} />}
    </Box>
  );
}
