import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Collapse from '@mui/material/Collapse';
import Typography from '@mui/material/Typography';
import type { TCustomer } from '@cd/contracts/customer';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError, describeError } from '../../../lib/api-client';
import { translateMessage } from '../../../lib/i18n';
import { toastError, toastSuccess } from '../../../lib/toast';
import { useRoutingDecisions } from '../api/get-routing-decisions';
import { useTakeConversation } from '../api/take-conversation';

/** "Take" for a conversation without an owner (one of two agents wins; the other hears who has it). */
export function TakeConversationButton(props: { customer: TCustomer }) {
  const { t } = useTranslation();
  const take = useTakeConversation();
  if (props.customer.user !== null) return null;
  return (
    <Button
      size="small"
      variant="contained"
      disabled={take.isPending}
      data-testid="routing-take"
      onClick={() =>
        take.mutate(props.customer.id, {
          onSuccess: () => toastSuccess(t('routing_taken')),
          onError: (err) => toastError(err instanceof ApiError ? describeError(err.body, translateMessage) : t('routing_save_failed')),
        })
      }
    >
      {t('routing_take')}
    </Button>
  );
}

/** The conversation's assignment decisions, newest first: rule, strategy, who got it, and who was skipped and why. */
export function RoutingHistory(props: { customerId: number }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const decisions = useRoutingDecisions(props.customerId, { enabled: open });
  const list = decisions.data?.member ?? [];
  return (
    <Box data-testid="routing-history">
      <Button size="small" onClick={() => setOpen((o) => !o)} aria-expanded={open}>
        {t('routing_history')}
      </Button>
      <Collapse in={open} unmountOnExit>
        <Box sx={{ pl: 1, display: 'flex', flexDirection: 'column', gap: 0.5 }}>
          {decisions.isPending && <Typography variant="caption">…</Typography>}
          {decisions.isError && (
            <Typography variant="caption" color="error">
              {t('routing_load_failed')}
            </Typography>
          )}
          {decisions.isSuccess && !list.length && (
            <Typography variant="caption" color="text.secondary">
              {t('routing_history_empty')}
            </Typography>
          )}
          {list.map((d) => (
            <Typography key={d.id} variant="caption" component="div" data-testid={`routing-decision-${d.id}`}>
              {new Date(d.createdAt).toLocaleString()} · {t(`routing_kind_${d.kind}`)} · {d.ruleName ?? '—'}
              {d.strategy ? ` (${t(`routing_strategy_${d.strategy}`)})` : ''} → {d.chosenUserName ?? '—'} ·{' '}
              {t(`routing_reason_${d.reason}`, { defaultValue: d.reason })}
              {d.skipped.length > 0 &&
                ` · ${t('routing_skipped', { list: d.skipped.map((s) => `#${s.userId} ${t(`routing_skip_${s.reason}`, { defaultValue: s.reason })}`).join(', ') })}`}
            </Typography>
          ))}
        </Box>
      </Collapse>
    </Box>
  );
}
