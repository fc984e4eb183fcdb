import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '../../../components/ui/form-dialog';
import { ApiError, describeError } from '../../../lib/api-client';
import { useCreatePartsStatement } from '../api/create-parts-statement';

/** Last month by default: the usual monthly statement. */
function lastMonth(): { from: string; to: string } {
  const now = new Date();
  const from = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1));
  const to = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 0));
  return { from: from.toISOString().slice(0, 10), to: to.toISOString().slice(0, 10) };
}

/** A statement of the account's unpaid tickets dated in the period (tickets already sent alone stay out). */
export function PartsStatementDialog({ customerId, onClose }: { customerId: number; onClose: () => void }) {
  const { t } = useTranslation();
  const create = useCreatePartsStatement();
  const [period, setPeriod] = useState(lastMonth);
  const [error, setError] = useState<string | null>(null);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    create.mutate(
      { customer: customerId, ...period },
      { onSuccess: onClose, onError: (err) => setError(err instanceof ApiError ? describeError(err.body, t) : t('parts_load_error')) },
    );
  };
  return (
    <FormDialog
      open
      onClose={() => !create.isPending && onClose()}
      onSubmit={submit}
      title={t('parts_statement_new')}
      name="parts-statement"
      submitLabel={t('parts_create')}
      submitTestId="parts-statement-submit"
      busy={create.isPending}
    >
      <Typography variant="body2" color="text.secondary">
        {t('parts_statement_help')}
      </Typography>
      {error && (
        <Alert severity="error" data-testid="parts-statement-error">
          {error}
        </Alert>
      )}
      <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap' }}>
        {(['from', 'to'] as const).map((k) => (
          <TextField
            key={k}
            type="date"
            label={t(`parts_period_${k}`)}
            value={period[k]}
            onChange={(e) => setPeriod((p) => ({ ...p, [k]: e.target.value }))}
            slotProps={{ inputLabel: { shrink: true }, htmlInput: { 'data-testid': `parts-statement-${k}` } }}
          />
        ))}
      </Box>
    </FormDialog>
  );
}
