import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { TArTransaction } from '@cd/contracts/accounting';
import { formatMoney } from '@cd/contracts/payment-money';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '../../../components/ui/form-dialog';
import { ApiError, describeError } from '../../../lib/api-client';
import { useCurrentUser } from '../../../lib/current-user';
import { toastSuccess } from '../../../lib/toast';
import { useCreateStatement } from '../api/create-statement';
import { useCompanyZone } from '../api/get-company-zone';
import { arErrorKeyOf, periodOf, selectionSum } from '../lib/ar-screen';

/** Confirms a statement of the picked transactions: its period (defaulting to theirs) and the amount, their exact sum. */
export function CreateStatementDialog(props: {
  customerId: number;
  accountName: string;
  transactions: TArTransaction[];
  onClose: () => void;
  onCreated: () => void;
}) {
  const { t } = useTranslation();
  const me = useCurrentUser();
  const zone = useCompanyZone(me.companyData?.id ?? null);
  const timeZone = zone.data ?? Intl.DateTimeFormat().resolvedOptions().timeZone;
  const period = periodOf(props.transactions, timeZone);
  const [from, setFrom] = useState<string | null>(null);
  const [to, setTo] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const create = useCreateStatement();
  const amount = selectionSum(props.transactions);
  const fromValue = from ?? period?.from ?? '';
  const toValue = to ?? period?.to ?? '';

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!fromValue || !toValue || fromValue > toValue) return setError(t('ar_err_period'));
    setError(null);
    create.mutate(
      { customer: `/api/charge_customers/${props.customerId}`, from: fromValue, to: toValue, amount, transactions: props.transactions.map((tx) => tx['@id']) },
      {
        onSuccess: () => {
          toastSuccess(t('ar_statement_created'));
          props.onCreated();
        },
        onError: (err) => {
          const key = err instanceof ApiError ? arErrorKeyOf(err.body) : null;
          setError(key ? t(key) : err instanceof ApiError ? describeError(err.body, t) : t('ar_load_error'));
        },
      },
    );
  };
  return (
    <FormDialog
      open
      onClose={() => !create.isPending && props.onClose()}
      onSubmit={submit}
      title={t('ar_create_statement')}
      name="ar-statement"
      submitLabel={t('ar_create_statement_confirm')}
      submitTestId="ar-statement-submit"
      busy={create.isPending}
      submitDisabled={create.isPending || zone.isPending}
    >
      <Typography variant="body2">{t('ar_statement_for', { name: props.accountName, count: props.transactions.length })}</Typography>
      <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap' }}>
        <TextField
          type="date"
          label={t('ar_period_from')}
          value={fromValue}
          onChange={(e) => setFrom(e.target.value)}
          slotProps={{ inputLabel: { shrink: true }, htmlInput: { 'data-testid': 'ar-statement-from' } }}
          sx={{ flex: 1, minWidth: 150 }}
        />
        <TextField
          type="date"
          label={t('ar_period_to')}
          value={toValue}
          onChange={(e) => setTo(e.target.value)}
          slotProps={{ inputLabel: { shrink: true }, htmlInput: { 'data-testid': 'ar-statement-to' } }}
          sx={{ flex: 1, minWidth: 150 }}
        />
      </Box>
      <Box>
        <Typography variant="overline" color="text.secondary">
          {t('ar_statement_amount')}
        </Typography>
        <Typography variant="h5" sx={{ fontWeight: 700, fontVariantNumeric: 'tabular-nums' }} data-testid="ar-statement-amount">
          {formatMoney(amount)}
        </Typography>
      </Box>
      {amount <= 0 && <Alert severity="warning">{t('ar_statement_not_positive')}</Alert>}
      {error && (
        <Alert severity="error" data-testid="ar-statement-error">
          {error}
        </Alert>
      )}
    </FormDialog>
  );
}
