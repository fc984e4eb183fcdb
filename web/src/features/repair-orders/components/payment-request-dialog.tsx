import { useMemo, useState, type FormEvent } from 'react';
import Add from '@mui/icons-material/Add';
import DeleteOutline from '@mui/icons-material/DeleteOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { formatMoney } from '@cd/contracts/payment-money';
import type { TRepairOrder } from '@cd/contracts/repair-order';
import { FormDialog } from '../../../components/ui/form-dialog';
import { ApiError } from '../../../lib/api-client';
import { toastSuccess } from '../../../lib/toast';
import { useCreatePaymentRequest } from '../api/create-payment-request';
import {
  defaultLinesOf,
  hasPaymentFormErrors,
  newLineDraft,
  paymentRequestBodyOf,
  readPaymentLines,
  type TLineField,
  type TPaymentLineDraft,
} from '../lib/payment-request-form';

function LineRow(props: {
  line: TPaymentLineDraft;
  index: number;
  errors: Partial<Record<TLineField, string>>;
  totalCents: number | null;
  onChange: (field: TLineField, value: string) => void;
  onRemove: (() => void) | null;
}) {
  const { t } = useTranslation();
  const { line, index, errors } = props;
  const err = (f: TLineField) => (errors[f] ? t(errors[f]!) : undefined);
  return (
    <Box
      sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr 1fr 1fr auto', sm: 'minmax(0, 3fr) 1.3fr 0.9fr 0.9fr 1fr auto' }, gap: 1, alignItems: 'start' }}
      data-testid={`payment-line-${index}`}
    >
      <TextField
        size="small"
        label={t('payment_line_name')}
        value={line.name}
        onChange={(e) => props.onChange('name', e.target.value)}
        error={!!errors.name}
        helperText={err('name')}
        sx={{ gridColumn: { xs: '1 / -1', sm: 'auto' } }}
        slotProps={{ htmlInput: { maxLength: 200, 'data-testid': `payment-line-name-${index}` } }}
      />
      <TextField
        size="small"
        label={t('payment_line_unit_price')}
        value={line.unitPrice}
        onChange={(e) => props.onChange('unitPrice', e.target.value)}
        error={!!errors.unitPrice}
        helperText={err('unitPrice')}
        slotProps={{
          htmlInput: { inputMode: 'decimal', 'data-testid': `payment-line-price-${index}` },
          input: { startAdornment: <InputAdornment position="start">$</InputAdornment> },
        }}
      />
      <TextField
        size="small"
        label={t('payment_line_quantity')}
        value={line.quantity}
        onChange={(e) => props.onChange('quantity', e.target.value)}
        error={!!errors.quantity}
        helperText={err('quantity')}
        slotProps={{ htmlInput: { inputMode: 'decimal', 'data-testid': `payment-line-quantity-${index}` } }}
      />
      <TextField
        size="small"
        label={t('payment_line_tax_rate')}
        value={line.taxRate}
        onChange={(e) => props.onChange('taxRate', e.target.value)}
        error={!!errors.taxRate}
        helperText={err('taxRate')}
        slotProps={{
          htmlInput: { inputMode: 'decimal', 'data-testid': `payment-line-tax-${index}` },
          input: { endAdornment: <InputAdornment position="end">%</InputAdornment> },
        }}
      />
      <Typography
        variant="body2"
        sx={{ fontWeight: 600, textAlign: 'right', pt: 1, fontVariantNumeric: 'tabular-nums', display: { xs: 'none', sm: 'block' } }}
        data-testid={`payment-line-total-${index}`}
      >
        {props.totalCents === null ? '—' : formatMoney(props.totalCents)}
      </Typography>
      <IconButton aria-label={t('payment_line_remove')} onClick={props.onRemove ?? undefined} disabled={!props.onRemove} size="small" sx={{ mt: 0.5 }}>
        <DeleteOutline fontSize="small" />
      </IconButton>
    </Box>
  );
}

/** Server refusals the dialog names itself (spec §5 messages and the create schema's). */
function serverMessageOf(err: unknown, t: (k: string) => string): string {
  if (err instanceof ApiError) {
    const v = err.violations[0];
    if (v) return t(v.message);
    return t(err.message);
  }
  return t('payment_request_create_failed');
}

/**
 * "Request payment" for a repair order: the order's approved lines prefilled and editable, the totals by the same
 * rounding rule as the server's, and whether to text the link now. Mounted only while open, so each opening starts
 * from the order as it is then.
 */
export function PaymentRequestDialog({ order, onClose }: { order: TRepairOrder; onClose: () => void }) {
  const { t } = useTranslation();
  const create = useCreatePaymentRequest();
  const [lines, setLines] = useState<TPaymentLineDraft[]>(() => defaultLinesOf(order));
  const [invoice, setInvoice] = useState(order.number);
  const [billTo, setBillTo] = useState('');
  const [send, setSend] = useState(true);
  const [submitted, setSubmitted] = useState(false);
  const result = useMemo(() => readPaymentLines(lines), [lines]);

  const change = (key: string, field: TLineField, value: string) => setLines((ls) => ls.map((l) => (l.key === key ? { ...l, [field]: value } : l)));
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setSubmitted(true);
    if (hasPaymentFormErrors(result) || create.isPending) return;
    create.mutate(paymentRequestBodyOf({ orderId: order.id, invoice, billTo, products: result.products, send }), {
      onSuccess: () => {
        toastSuccess(t(send ? 'payment_request_sent' : 'payment_request_created'));
        onClose();
      },
    });
  };

  return (
    <FormDialog
      open
      onClose={create.isPending ? () => undefined : onClose}
      onSubmit={submit}
      title={t('payment_request_new_title', { number: order.number })}
      name="payment-request"
      submitLabel={t(send ? 'payment_request_send' : 'payment_request_save')}
      submitTestId="payment-request-submit"
      busy={create.isPending}
      maxWidth="md"
    >
      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 2fr' }, gap: 1.5 }}>
        <TextField
          size="small"
          label={t('payment_invoice')}
          value={invoice}
          onChange={(e) => setInvoice(e.target.value)}
          slotProps={{ htmlInput: { maxLength: 64, 'data-testid': 'payment-request-invoice' } }}
        />
        <TextField
          size="small"
          label={t('payment_bill_to')}
          value={billTo}
          onChange={(e) => setBillTo(e.target.value)}
          slotProps={{ htmlInput: { maxLength: 500 } }}
        />
      </Box>
      <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1.5 }} role="group" aria-label={t('payment_lines')}>
        {lines.map((line, i) => (
          <LineRow
            key={line.key}
            line={line}
            index={i}
            errors={submitted ? (result.lineErrors[i] ?? {}) : {}}
            totalCents={result.totals?.lines[i]?.totalCents ?? null}
            onChange={(field, value) => change(line.key, field, value)}
            onRemove={lines.length > 1 ? () => setLines((ls) => ls.filter((l) => l.key !== line.key)) : null}
          />
        ))}
        <Button
          size="small"
          startIcon={<Add />}
          onClick={() => setLines((ls) => [...ls, newLineDraft()])}
          sx={{ alignSelf: 'flex-start' }}
          data-testid="payment-line-add"
        >
          {t('payment_line_add')}
        </Button>
      </Box>
      <Box
        sx={{ alignSelf: 'flex-end', minWidth: 220, display: 'grid', gridTemplateColumns: '1fr auto', columnGap: 3, rowGap: 0.5 }}
        data-testid="payment-request-totals"
      >
        <Typography variant="body2" color="text.secondary">
          {t('pay_subtotal')}
        </Typography>
        <Typography variant="body2" sx={{ textAlign: 'right', fontVariantNumeric: 'tabular-nums' }}>
          {result.totals ? formatMoney(result.totals.subtotalCents) : '—'}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {t('pay_tax')}
        </Typography>
        <Typography variant="body2" sx={{ textAlign: 'right', fontVariantNumeric: 'tabular-nums' }}>
          {result.totals ? formatMoney(result.totals.taxCents) : '—'}
        </Typography>
        <Typography variant="subtitle1" sx={{ fontWeight: 700 }}>
          {t('pay_total')}
        </Typography>
        <Typography variant="subtitle1" sx={{ fontWeight: 700, textAlign: 'right', fontVariantNumeric: 'tabular-nums' }} data-testid="payment-request-total">
          {result.totals ? formatMoney(result.totals.totalCents) : '—'}
        </Typography>
      </Box>
      {submitted && result.formError && (
        <Alert severity="error" data-testid="payment-request-form-error">
          {t(result.formError)}
        </Alert>
      )}
      {create.isError && (
        <Alert severity="error" data-testid="payment-request-server-error">
          {serverMessageOf(create.error, t)}
        </Alert>
      )}
      <FormControlLabel
        control={
          <Checkbox checked={send} onChange={(e) => setSend(e.target.checked)} slotProps={{ input: { 'data-testid': 'payment-request-send-now' } as object }} />
        }
        label={t('payment_request_send_now')}
      />
    </FormDialog>
  );
}
