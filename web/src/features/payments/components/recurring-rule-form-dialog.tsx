import { useMemo, useState, type FormEvent } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import InputAdornment from '@mui/material/InputAdornment';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { formatDecimalAmount, formatMoney, parseMoney } from '@cd/contracts/payment-money';
import type { TRecurringRule, TRecurringRulePatch, TSavedCard } from '@cd/contracts/payment-operations';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { FormDialog } from '../../../components/ui/form-dialog';
import { ApiError } from '../../../lib/api-client';
import { toastSuccess } from '../../../lib/toast';
import { useCancelRecurringRule } from '../api/cancel-recurring-rule';
import { useCreateRecurringRule } from '../api/create-recurring-rule';
import { useUpdateRecurringRule } from '../api/update-recurring-rule';
import { newAttemptKey } from '../lib/pay-attempt';

/** A customer's saved card a new rule may charge (the panel gathers them from the rules it lists). */
export interface TRuleCardChoice {
  customer: TRecurringRule['customer'];
  savedCard: TSavedCard;
}

type TField = 'card' | 'amount' | 'day' | 'description' | 'startMonth' | 'endMonth' | 'consentName' | 'consentText';
type TErrors = Partial<Record<TField, string>>;

/** The server's property paths (zod's, joined by dots) to the dialog's fields; anything else shows above the buttons. */
const FIELD_OF: Record<string, TField> = {
  customer: 'card',
  savedCard: 'card',
  paymentKey: 'card',
  amountCents: 'amount',
  dayOfMonth: 'day',
  description: 'description',
  startMonth: 'startMonth',
  endMonth: 'endMonth',
  consent: 'consentText',
  'consent.name': 'consentName',
  'consent.text': 'consentText',
};

/** Rules that ended (or whose card was revoked) cannot be changed: a new rule with a new consent is needed. */
const isOver = (rule: TRecurringRule) => rule.status === 'cancelled' || rule.status === 'finished' || rule.status === 'card_revoked';

/**
 * Create a monthly card rule, or change one (issue 17). Amount is typed in dollars and sent as cents. New terms (amount,
 * day, months) need the customer's consent again, so the consent fields show whenever the API will ask for them. An
 * existing rule can be paused, resumed or cancelled (cancel asks first). Mounted per open, so the idempotency key is per attempt.
 */
export function RecurringRuleFormDialog({ rule, cards, onClose }: { rule: TRecurringRule | null; cards: TRuleCardChoice[]; onClose: () => void }) {
  const { t } = useTranslation();
  const create = useCreateRecurringRule();
  const update = useUpdateRecurringRule();
  const cancel = useCancelRecurringRule();
  const idempotencyKey = useMemo(() => newAttemptKey(), []);
  const [card, setCard] = useState(cards.length === 1 ? String(cards[0]!.savedCard.id) : '');
  const [amount, setAmount] = useState(rule ? formatDecimalAmount(rule.amountCents) : '');
  const [day, setDay] = useState(rule ? String(rule.dayOfMonth) : '1');
  const [description, setDescription] = useState(rule?.description ?? '');
  const [startMonth, setStartMonth] = useState(rule?.startMonth ?? '');
  const [endMonth, setEndMonth] = useState(rule?.endMonth ?? '');
  const [consentName, setConsentName] = useState('');
  const [consentText, setConsentText] = useState('');
  const [errors, setErrors] = useState<TErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [confirmCancel, setConfirmCancel] = useState(false);
  const busy = create.isPending || update.isPending || cancel.isPending;
  const locked = rule !== null && isOver(rule);

  const parsedAmount = parseMoney(amount);
  const dayNumber = Number(day);
  const termsChanged =
    rule === null ||
    (parsedAmount.ok && parsedAmount.value !== rule.amountCents) ||
    dayNumber !== rule.dayOfMonth ||
    (startMonth || null) !== rule.startMonth ||
    (endMonth || null) !== rule.endMonth;
  const suggested = parsedAmount.ok && parsedAmount.value > 0 ? t('recurring_form_consent_suggested', { amount: formatMoney(parsedAmount.value), day }) : '';

  const showServerError = (err: unknown) => {
    if (err instanceof ApiError && err.violations.length > 0) {
      const next: TErrors = {};
      const rest: string[] = [];
      for (const v of err.violations) {
        // The card choice only shows for a new rule: on an existing one its errors go above the buttons.
        const field = rule !== null && FIELD_OF[v.propertyPath] === 'card' ? undefined : FIELD_OF[v.propertyPath];
        if (field && !next[field]) next[field] = t(v.message);
        else if (!field) rest.push(t(v.message));
      }
      setErrors(next);
      setFailure(rest.length > 0 ? rest.join(' ') : null);
      return;
    }
    setFailure(err instanceof ApiError ? t(err.message) : t('recurring_form_failed'));
  };

  /** Checks what the browser can (the server checks again); returns the field errors found. */
  const validate = (): TErrors => {
    const found: TErrors = {};
    if (rule === null && card === '') found.card = t('recurring_form_card_required');
    if (!parsedAmount.ok) found.amount = t(parsedAmount.error);
    else if (parsedAmount.value <= 0) found.amount = t('recurring_form_amount_positive');
    if (!Number.isInteger(dayNumber) || dayNumber < 1 || dayNumber > 28) found.day = t('recurring_form_day_range');
    if (startMonth && endMonth && endMonth < startMonth) found.endMonth = t('recurring_form_months_order');
    if (termsChanged) {
      if (consentName.trim() === '') found.consentName = t('recurring_form_consent_name_required');
      if (consentText.trim().length < 20) found.consentText = t('recurring_form_consent_text_short');
    }
    return found;
  };

  const done = (key: string) => {
    toastSuccess(t(key));
    onClose();
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (busy || locked) return;
    const found = validate();
    setErrors(found);
    setFailure(null);
    if (Object.keys(found).length > 0 || !parsedAmount.ok) return;
    const consent = termsChanged ? { name: consentName.trim(), text: consentText.trim() } : undefined;
    if (rule === null) {
      create.mutate(
        {
          customer: cards.find((c) => String(c.savedCard.id) === card)!.customer.id,
          savedCard: Number(card),
          amountCents: parsedAmount.value,
          dayOfMonth: dayNumber,
          ...(description.trim() ? { description: description.trim() } : {}),
          ...(startMonth ? { startMonth } : {}),
          ...(endMonth ? { endMonth } : {}),
          consent: consent!,
          idempotencyKey,
        },
        { onSuccess: () => done('recurring_form_created'), onError: showServerError },
      );
      return;
    }
    // Merge-patch: only what changed; a cleared month is null (no bound).
    const patch: TRecurringRulePatch = {};
    if (parsedAmount.value !== rule.amountCents) patch.amountCents = parsedAmount.value;
    if (dayNumber !== rule.dayOfMonth) patch.dayOfMonth = dayNumber;
    if (description.trim() !== rule.description) patch.description = description.trim();
    if ((startMonth || null) !== rule.startMonth) patch.startMonth = startMonth || null;
    if ((endMonth || null) !== rule.endMonth) patch.endMonth = endMonth || null;
    if (consent) patch.consent = consent;
    if (Object.keys(patch).length === 0) return onClose();
    update.mutate({ id: rule.id, patch }, { onSuccess: () => done('recurring_form_saved'), onError: showServerError });
  };

  const field = (name: TField) => ({ error: errors[name] !== undefined, helperText: errors[name] });

  return (
    <>
      <FormDialog
        open
        onClose={busy ? () => undefined : onClose}
        onSubmit={submit}
        title={rule ? t('recurring_form_edit_title', { name: rule.customer.name }) : t('recurring_form_new_title')}
        name="recurring-rule"
        submitLabel={rule ? t('save') : t('recurring_form_create')}
        submitTestId="recurring-rule-submit"
        busy={create.isPending || update.isPending}
        submitDisabled={busy || locked || (rule === null && cards.length === 0)}
      >
        {locked && <Alert severity="info">{t('recurring_form_locked')}</Alert>}
        {rule === null ? (
          cards.length === 0 ? (
            <Alert severity="info" data-testid="recurring-form-no-cards">
              {t('recurring_form_no_cards')}
            </Alert>
          ) : (
            <TextField
              select
              size="small"
              required
              label={t('recurring_form_card')}
              value={card}
              onChange={(e) => setCard(e.target.value)}
              {...field('card')}
              slotProps={{ htmlInput: { 'data-testid': 'recurring-form-card' } }}
            >
              {cards.map((c) => (
                <MenuItem key={c.savedCard.id} value={String(c.savedCard.id)}>
                  {c.customer.name} — {(c.savedCard.cardBrand ?? t('recurring_card')).toUpperCase()} •••• {c.savedCard.cardLast4 ?? '----'}
                </MenuItem>
              ))}
            </TextField>
          )
        ) : (
          <Typography variant="body2" color="text.secondary">
            {(rule.savedCard.cardBrand ?? t('recurring_card')).toUpperCase()} •••• {rule.savedCard.cardLast4 ?? '----'}
          </Typography>
        )}
        <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap' }}>
          <TextField
            size="small"
            required
            label={t('recurring_form_amount')}
            value={amount}
            onChange={(e) => setAmount(e.target.value)}
            disabled={locked}
            sx={{ flex: '1 1 160px' }}
            {...field('amount')}
            slotProps={{
              htmlInput: { inputMode: 'decimal', 'data-testid': 'recurring-form-amount' },
              input: { startAdornment: <InputAdornment position="start">$</InputAdornment> },
            }}
          />
          <TextField
            size="small"
            required
            type="number"
            label={t('recurring_form_day')}
            value={day}
            onChange={(e) => setDay(e.target.value)}
            disabled={locked}
            sx={{ flex: '1 1 120px' }}
            {...field('day')}
            slotProps={{ htmlInput: { min: 1, max: 28, 'data-testid': 'recurring-form-day' } }}
          />
        </Box>
        <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap' }}>
          <TextField
            size="small"
            type="month"
            label={t('recurring_form_start_month')}
            value={startMonth}
            onChange={(e) => setStartMonth(e.target.value)}
            disabled={locked}
            sx={{ flex: '1 1 160px' }}
            {...field('startMonth')}
            slotProps={{ inputLabel: { shrink: true }, htmlInput: { 'data-testid': 'recurring-form-start' } }}
          />
          <TextField
            size="small"
            type="month"
            label={t('recurring_form_end_month')}
            value={endMonth}
            onChange={(e) => setEndMonth(e.target.value)}
            disabled={locked}
            sx={{ flex: '1 1 160px' }}
            {...field('endMonth')}
            slotProps={{ inputLabel: { shrink: true }, htmlInput: { 'data-testid': 'recurring-form-end' } }}
          />
        </Box>
        <TextField
          size="small"
          label={t('recurring_form_description')}
          value={description}
          onChange={(e) => setDescription(e.target.value)}
          disabled={locked}
          {...field('description')}
          slotProps={{ htmlInput: { maxLength: 200, 'data-testid': 'recurring-form-description' } }}
        />
        {termsChanged && !locked && (
          <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1.5 }} data-testid="recurring-form-consent">
            <Typography variant="body2" color="text.secondary">
              {rule ? t('recurring_form_consent_again') : t('recurring_form_consent_help')}
            </Typography>
            <TextField
              size="small"
              required
              label={t('recurring_form_consent_name')}
              value={consentName}
              onChange={(e) => setConsentName(e.target.value)}
              {...field('consentName')}
              slotProps={{ htmlInput: { maxLength: 200, 'data-testid': 'recurring-form-consent-name' } }}
            />
            <TextField
              size="small"
              required
              multiline
              minRows={2}
              label={t('recurring_form_consent_text')}
              value={consentText}
              placeholder={suggested}
              onChange={(e) => setConsentText(e.target.value)}
              {...field('consentText')}
              slotProps={{ htmlInput: { maxLength: 2000, 'data-testid': 'recurring-form-consent-text' } }}
            />
            {suggested && consentText === '' && (
              <Button size="small" sx={{ alignSelf: 'flex-start' }} onClick={() => setConsentText(suggested)} data-testid="recurring-form-consent-use">
                {t('recurring_form_consent_use')}
              </Button>
            )}
          </Box>
        )}
        {rule && !locked && (
          <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
            <Button
              size="small"
              variant="outlined"
              disabled={busy}
              data-testid="recurring-form-toggle"
              onClick={() =>
                update.mutate(
                  { id: rule.id, patch: { enabled: !rule.enabled } },
                  { onSuccess: () => done(rule.enabled ? 'recurring_form_paused' : 'recurring_form_resumed'), onError: showServerError },
                )
              }
            >
              {rule.enabled ? t('recurring_form_pause') : t('recurring_form_resume')}
            </Button>
            <Button size="small" color="error" disabled={busy} onClick={() => setConfirmCancel(true)} data-testid="recurring-form-cancel-rule">
              {t('recurring_form_cancel_rule')}
            </Button>
          </Box>
        )}
        {failure && (
          <Alert severity="error" data-testid="recurring-form-error">
            {failure}
          </Alert>
        )}
      </FormDialog>
      {rule && (
        <ConfirmDialog
          open={confirmCancel}
          title={t('recurring_form_cancel_title')}
          text={t('recurring_form_cancel_text', { name: rule.customer.name, amount: formatMoney(rule.amountCents) })}
          confirmLabel={t('recurring_form_cancel_rule')}
          busy={cancel.isPending}
          onClose={() => setConfirmCancel(false)}
          onConfirm={() =>
            cancel.mutate(rule.id, {
              onSuccess: () => {
                setConfirmCancel(false);
                done('recurring_form_cancelled');
              },
              onError: (err) => {
                setConfirmCancel(false);
                showServerError(err);
              },
            })
          }
        />
      )}
    </>
  );
}
