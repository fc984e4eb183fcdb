import Alert from '@mui/material/Alert';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '../../../components/ui/form-dialog';
import { SpreadsheetFilePicker } from '../../../components/ui/spreadsheet-file-picker';
import { ApiError, describeError } from '../../../lib/api-client';
import { useImportParts, type TPartsImportTarget } from '../api/import-parts';

const TARGETS: [TPartsImportTarget, string, string][] = [
  ['parts_customers', 'parts_import_customers', 'parts_import_customers_columns'],
  ['parts_counter_tickets', 'parts_import_tickets', 'parts_import_tickets_columns'],
  ['parts_sales', 'parts_import_sales', 'parts_import_tickets_columns'],
];

/** Accounts or tickets from an Excel / CSV export; each bad row is listed. The DMS offers no parts data (said here). */
export function PartsImportDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const run = useImportParts();
  const [target, setTarget] = useState<TPartsImportTarget>('parts_customers');
  const [file, setFile] = useState<File | null>(null);
  const [error, setError] = useState<string | null>(null);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!file) return setError(t('parts_import_pick_file'));
    setError(null);
    run.mutate({ target, file }, { onError: (err) => setError(err instanceof ApiError ? describeError(err.body, t) : t('parts_load_error')) });
  };
  const result = run.data;
  return (
    <FormDialog
      open
      onClose={() => !run.isPending && onClose()}
      onSubmit={submit}
      title={t('parts_import')}
      name="parts-import"
      submitLabel={t('parts_import_run')}
      submitTestId="parts-import-submit"
      busy={run.isPending}
    >
      <Alert severity="info" data-testid="parts-import-dms-note">
        {t('parts_import_dms_note')}
      </Alert>
      <TextField
        select
        label={t('parts_import_what')}
        value={target}
        onChange={(e) => setTarget(e.target.value as TPartsImportTarget)}
        slotProps={{ htmlInput: { 'data-testid': 'parts-import-target' } }}
      >
        {TARGETS.map(([value, key]) => (
          <MenuItem key={value} value={value}>
            {t(key)}
          </MenuItem>
        ))}
      </TextField>
      <Typography variant="body2" color="text.secondary">
        {t(TARGETS.find(([v]) => v === target)![2])}
      </Typography>
      <SpreadsheetFilePicker file={file} onChange={setFile} chooseLabel={t('parts_import_choose')} disabled={run.isPending} testId="parts-import-file" />
      {error && <Alert severity="error">{error}</Alert>}
      {result && (
        <Alert severity={result.errors.length ? 'warning' : 'success'} data-testid="parts-import-result">
          {t('parts_import_result', { created: result.created, updated: result.updated, skipped: result.skipped, failed: result.errors.length })}
          {result.errors.slice(0, 20).map((r) => (
            <Typography key={r.row} variant="caption" component="div">
              {t('parts_import_row', { row: r.row })}: {r.reasons.join('; ')}
            </Typography>
          ))}
        </Alert>
      )}
    </FormDialog>
  );
}
