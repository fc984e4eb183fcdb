import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '../../../components/ui/form-dialog';
import { SpreadsheetFilePicker } from '../../../components/ui/spreadsheet-file-picker';
import { ApiError, describeError } from '../../../lib/api-client';
import { useImportTransactions } from '../api/import-transactions';

/** Transactions from the DMS's accounts-receivable export (CSV or .xlsx); counts, then each refused row. */
export function ArImportDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const run = useImportTransactions();
  const [file, setFile] = useState<File | null>(null);
  const [error, setError] = useState<string | null>(null);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!file) return setError(t('ar_import_pick_file'));
    setError(null);
    run.mutate(file, { onError: (err) => setError(err instanceof ApiError ? describeError(err.body, t) : t('ar_load_error')) });
  };
  const result = run.data;
  return (
    <FormDialog
      open
      onClose={() => !run.isPending && onClose()}
      onSubmit={submit}
      title={t('ar_import')}
      name="ar-import"
      submitLabel={t('ar_import_run')}
      submitTestId="ar-import-submit"
      busy={run.isPending}
    >
      <Typography variant="body2" color="text.secondary">
        {t('ar_import_columns')}
      </Typography>
      <SpreadsheetFilePicker
        file={file}
        onChange={(picked) => {
          setFile(picked);
          run.reset();
        }}
        chooseLabel={t('ar_import_choose')}
        disabled={run.isPending}
        testId="ar-import-file"
      />
      {run.isPending && (
        <Box data-testid="ar-import-progress">
          <LinearProgress />
          <Typography variant="caption" color="text.secondary">
            {t('ar_import_running')}
          </Typography>
        </Box>
      )}
      {error && <Alert severity="error">{error}</Alert>}
      {result && (
        <Alert severity={result.errorCount ? 'warning' : 'success'} data-testid="ar-import-result">
          {t('ar_import_result', {
            rows: result.rows,
            created: result.created,
            updated: result.updated,
            unchanged: result.unchanged,
            locked: result.locked,
            failed: result.errorCount,
          })}
          {result.customersCreated > 0 && (
            <Typography variant="caption" component="div">
              {t('ar_import_customers_created', { count: result.customersCreated })}
            </Typography>
          )}
          <Box component="ul" sx={{ m: 0, pl: 2, maxHeight: 200, overflowY: 'auto' }} data-testid="ar-import-errors">
            {result.errors.map((r) => (
              <Typography key={r.row} component="li" variant="caption">
                {t('ar_import_row', { row: r.row })}: {r.message}
              </Typography>
            ))}
          </Box>
          {result.errorCount > result.errors.length && (
            <Typography variant="caption" component="div">
              {t('ar_import_more_errors', { count: result.errorCount - result.errors.length })}
            </Typography>
          )}
        </Alert>
      )}
    </FormDialog>
  );
}
