import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { formatMoney } from '@cd/contracts/payment-money';
import type { TRecurringRule } from '@cd/contracts/payment-operations';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { useRecurringRules } from '../api/get-recurring-rules';
import { useSavedCards } from '../api/get-saved-cards';
import { useRevokeSavedCard } from '../api/revoke-saved-card';
import { canRevoke, expiryOf, monthsOf, statusColor } from '../lib/recurring-rule-view';
import { RecurringRuleFormDialog, type TRuleCardChoice } from './recurring-rule-form-dialog';

function CardCell({ rule }: { rule: TRecurringRule }) {
  const { t } = useTranslation();
  const card = rule.savedCard;
  const expiry = expiryOf(card);
  return (
    <Box>
      <Typography variant="body2">
        {(card.cardBrand ?? t('recurring_card')).toUpperCase()} •••• {card.cardLast4 ?? '----'}
      </Typography>
      <Typography variant="caption" color={card.expired ? 'warning.main' : 'text.secondary'} data-testid="recurring-card-expiry">
        {expiry ? t(card.expired ? 'recurring_card_expired_on' : 'recurring_card_expires', { date: expiry }) : t('recurring_card_expiry_unknown')}
      </Typography>
    </Box>
  );
}

/**
 * The newest monthly card rules (issue 17): customer, amount and day, the months they run, the card with its expiry,
 * and what the rule does now. Revoking a card (the customer withdrew it) asks first; its rules stop, the consent stays.
 */
export function RecurringRulesPanel() {
  const { t } = useTranslation();
  const rules = useRecurringRules();
  const revoke = useRevokeSavedCard();
  const [revoking, setRevoking] = useState<TRecurringRule | null>(null);
  const [failed, setFailed] = useState(false);
  // undefined: closed; null: a new rule; a rule: editing it.
  const [editing, setEditing] = useState<TRecurringRule | null | undefined>(undefined);
  const rows = rules.data?.member ?? [];
  // A new rule charges a card already saved with a customer's consent (the list leaves revoked ones out; expired ones can't be charged).
  const savedCards = useSavedCards(editing === null);
  const cards = (savedCards.data?.member ?? []).filter((c) => !c.expired).map((c): TRuleCardChoice => ({ customer: c.customer, savedCard: c }));

  let body;
  if (rules.isPending)
    body = (
      <Box sx={{ display: 'flex', justifyContent: 'center', p: 3 }}>
        <CircularProgress size={24} aria-label={t('loading')} />
      </Box>
    );
  else if (rules.isError)
    body = (
      <Alert
        severity="error"
        data-testid="recurring-rules-error"
        action={
          <Button color="inherit" size="small" onClick={() => void rules.refetch()}>
            {t('retry')}
          </Button>
        }
      >
        {t('recurring_rules_load_failed')}
      </Alert>
    );
  else if (rows.length === 0)
    body = (
      <Typography color="text.secondary" sx={{ p: 3, textAlign: 'center' }} data-testid="recurring-rules-empty">
        {t('recurring_rules_none')}
      </Typography>
    );
  else
    body = (
      <Box sx={{ overflowX: 'auto' }}>
        <Table size="small" data-testid="recurring-rules-table">
          <TableHead>
            <TableRow>
              <TableCell>{t('recurring_col_customer')}</TableCell>
              <TableCell align="right">{t('recurring_col_amount')}</TableCell>
              <TableCell>{t('recurring_col_months')}</TableCell>
              <TableCell>{t('recurring_col_card')}</TableCell>
              <TableCell>{t('recurring_col_status')}</TableCell>
              <TableCell />
            </TableRow>
          </TableHead>
          <TableBody>
            {rows.map((rule) => {
              const months = monthsOf(rule);
              return (
                <TableRow key={rule.id} data-testid="recurring-rule-row" data-status={rule.status}>
                  <TableCell>{rule.customer.name}</TableCell>
                  <TableCell align="right" sx={{ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }}>
                    {formatMoney(rule.amountCents)}
                    <Typography variant="caption" color="text.secondary" component="div">
                      {t('recurring_rule_day', { day: rule.dayOfMonth })}
                    </Typography>
                  </TableCell>
                  <TableCell>{t(months.key, months.values)}</TableCell>
                  <TableCell>
                    <CardCell rule={rule} />
                  </TableCell>
                  <TableCell>
                    <Chip size="small" color={statusColor(rule.status)} label={t(`recurring_status_${rule.status}`)} data-testid="recurring-rule-status" />
                  </TableCell>
                  <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                    <Button size="small" onClick={() => setEditing(rule)} data-testid="recurring-rule-edit">
                      {t('edit')}
                    </Button>
                    {canRevoke(rule) && (
                      <Button size="small" color="warning" onClick={() => setRevoking(rule)} data-testid="recurring-revoke-card">
                        {t('recurring_revoke_card')}
                      </Button>
                    )}
                  </TableCell>
                </TableRow>
              );
            })}
          </TableBody>
        </Table>
      </Box>
    );

  return (
    <Paper variant="outlined" sx={{ p: 2, display: 'flex', flexDirection: 'column', gap: 1.5 }} data-testid="recurring-rules-panel">
      <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 1 }}>
        <Typography variant="h6" component="h2" sx={{ fontWeight: 700 }}>
          {t('recurring_rules_title')}
        </Typography>
        <Button size="small" variant="contained" onClick={() => setEditing(null)} disabled={!rules.isSuccess} data-testid="recurring-rule-new">
          {t('recurring_rule_new')}
        </Button>
      </Box>
      {failed && (
        <Alert severity="error" onClose={() => setFailed(false)}>
          {t('recurring_revoke_failed')}
        </Alert>
      )}
      {body}
      {editing === null && savedCards.isError && (
        <Alert severity="error" onClose={() => setEditing(undefined)}>
          {t('recurring_saved_cards_failed')}
        </Alert>
      )}
      {editing !== undefined && (editing !== null || savedCards.isSuccess) && (
        <RecurringRuleFormDialog rule={editing} cards={cards} onClose={() => setEditing(undefined)} />
      )}
      <ConfirmDialog
        open={revoking !== null}
        title={t('recurring_revoke_title')}
        text={t('recurring_revoke_text', { card: revoking?.savedCard.cardLast4 ?? '----', name: revoking?.customer.name ?? '' })}
        confirmLabel={t('recurring_revoke_card')}
        busy={revoke.isPending}
        onClose={() => setRevoking(null)}
        onConfirm={() =>
          revoking &&
          revoke.mutate(revoking.savedCard.id, {
            onSuccess: () => setRevoking(null),
            onError: () => {
              setRevoking(null);
              setFailed(true);
            },
          })
        }
      />
    </Paper>
  );
}
