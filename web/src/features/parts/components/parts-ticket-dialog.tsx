import AddOutlined from '@mui/icons-material/AddOutlined';
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { formatMoney } from '@cd/contracts/payment-money';
import { PARTS_LINES_MAX } from '@cd/contracts/parts';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '../../../components/ui/form-dialog';
import { ApiError, describeError } from '../../../lib/api-client';
import { useCreatePartsTicket } from '../api/create-parts-ticket';
import type { TTicketResource } from '../api/get-parts-tickets';
import { EMPTY_LINE, parseLineDraft, previewTotals, type TLineDraft } from '../lib/ticket-form';

const LINE_FIELDS: [keyof TLineDraft, string, number][] = [
  ['partNumber', 'parts_line_part', 3],
  ['description', 'parts_line_description', 5],
  ['quantity', 'parts_line_quantity', 2],
  ['unitPrice', 'parts_line_price', 2],
  ['taxRate', 'parts_line_tax', 2],
];

/** A sale or counter ticket: number (optional: the server numbers it), date, lines; totals previewed by the server's rule. */
export function PartsTicketDialog({ resource, customerId, onClose }: { resource: TTicketResource; customerId: number; onClose: () => void }) {
  const { t } = useTranslation();
  const create = useCreatePartsTicket();
  const [number, setNumber] = useState('');
  const [date, setDate] = useState(() => new Date().toISOString().slice(0, 10));
  const [lines, setLines] = useState<TLineDraft[]>([{ ...EMPTY_LINE }]);
  const [bad, setBad] = useState<{ index: number; field: keyof TLineDraft } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const totals = previewTotals(lines);

  const setLine = (i: number, field: keyof TLineDraft, value: string) => setLines((ls) => ls.map((l, j) => (j === i ? { ...l, [field]: value } : l)));
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const parsed = lines.map(parseLineDraft);
    const firstBad = parsed.findIndex((p) => !p.ok);
    if (firstBad >= 0) {
      const p = parsed[firstBad]!;
      return setBad({ index: firstBad, field: p.ok ? 'description' : p.field });
    }
    setBad(null);
    create.mutate(
      { resource, body: { customer: customerId, number: number.trim() || undefined, date, lines: parsed.flatMap((p) => (p.ok ? [p.line] : [])) } },
      { onSuccess: onClose, onError: (err) => setError(err instanceof ApiError ? describeError(err.body, t) : t('parts_load_error')) },
    );
  };
  const title = resource === 'parts_sales' ? t('parts_sale_new') : t('parts_ticket_new');
  return (
    <FormDialog
      open
      onClose={() => !create.isPending && onClose()}
      onSubmit={submit}
      title={title}
      name="parts-ticket"
      submitLabel={t('parts_create')}
      submitTestId="parts-ticket-submit"
      busy={create.isPending}
      maxWidth="md"
    >
      {error && <Alert severity="error">{error}</Alert>}
      <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap' }}>
        <TextField
          label={t('parts_ticket_number')}
          value={number}
          onChange={(e) => setNumber(e.target.value)}
          helperText={t('parts_ticket_number_help')}
          slotProps={{ htmlInput: { maxLength: 40, 'data-testid': 'parts-ticket-number' } }}
        />
        <TextField
          type="date"
          label={t('parts_ticket_date')}
          value={date}
          onChange={(e) => setDate(e.target.value)}
          slotProps={{ inputLabel: { shrink: true }, htmlInput: { 'data-testid': 'parts-ticket-date' } }}
        />
      </Box>
      {lines.map((line, i) => (
        <Box
          key={i}
          sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr 1fr', sm: '3fr 5fr 2fr 2fr 2fr auto' }, gap: 1, alignItems: 'start' }}
          data-testid={`parts-line-${i}`}
        >
          {LINE_FIELDS.map(([field, key]) => (
            <TextField
              key={field}
              size="small"
              label={t(key)}
              value={line[field]}
              onChange={(e) => setLine(i, field, e.target.value)}
              error={bad?.index === i && bad.field === field}
              sx={field === 'description' ? { gridColumn: { xs: '1 / -1', sm: 'auto' } } : undefined}
              slotProps={{
                htmlInput: {
                  maxLength: field === 'description' ? 500 : 60,
                  inputMode: field === 'partNumber' || field === 'description' ? undefined : 'decimal',
                  'data-testid': `parts-line-${i}-${field}`,
                },
              }}
            />
          ))}
          <IconButton aria-label={t('parts_line_remove')} disabled={lines.length === 1} onClick={() => setLines((ls) => ls.filter((_l, j) => j !== i))}>
            <DeleteOutlined />
          </IconButton>
        </Box>
      ))}
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap' }}>
        <Button
          startIcon={<AddOutlined />}
          disabled={lines.length >= PARTS_LINES_MAX}
          onClick={() => setLines((ls) => [...ls, { ...EMPTY_LINE }])}
          data-testid="parts-line-add"
        >
          {t('parts_line_add')}
        </Button>
        <Typography sx={{ flex: 1, textAlign: 'right', fontVariantNumeric: 'tabular-nums' }} data-testid="parts-ticket-totals">
          {totals
            ? t('parts_totals', { subtotal: formatMoney(totals.subtotalCents), tax: formatMoney(totals.taxCents), total: formatMoney(totals.totalCents) })
            : '—'}
        </Typography>
      </Box>
    </FormDialog>
  );
}
