import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import CircularProgress from '@mui/material/CircularProgress';
import type { TFunction } from 'i18next';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '../../../components/ui/form-dialog';
import { SpreadsheetFilePicker } from '../../../components/ui/spreadsheet-file-picker';
import { ApiError, describeError } from '../../../lib/api-client';
import { useImportListings, usePreviewListingImport } from '../api/import-listings';

/** The server's own words: a 422 names the file problem ("Excel file not valid: …") in its violations. */
function errorTextOf(err: unknown, t: TFunction): string {
  if (!(err instanceof ApiError)) return t('listings_import_failed');
  const violations = (err.body as { violations?: { message?: unknown }[] } | null)?.violations;
  const messages = Array.isArray(violations) ? violations.map((v) => v.message).filter((m): m is string => typeof m === 'string' && m.length > 0) : [];
  return messages.length ? messages.join(' ') : describeError(err.body, t);
}

/** Listings from an Excel / CSV file: the file is previewed first (columns, missing fields), then imported; bad rows are listed. */
export function ListingsImportDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const preview = usePreviewListingImport();
  const run = useImportListings();
  const [file, setFile] = useState<File | null>(null);
  const [error, setError] = useState<string | null>(null);
  const busy = preview.isPending || run.isPending;

  const pick = (next: File | null) => {
    setFile(next);
    setError(null);
    preview.reset();
    run.reset();
    if (next) preview.mutate({ file: next }, { onError: (err) => setError(errorTextOf(err, t)) });
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!file) return setError(t('listings_import_pick_file'));
    setError(null);
    run.mutate({ file }, { onError: (err) => setError(errorTextOf(err, t)) });
  };
  const p = preview.data;
  const result = run.data;
  const blocked = !file || !p || p.missing.length > 0 || p.rows === 0 || Boolean(result);
  return (
    <FormDialog
      open
      onClose={() => !busy && onClose()}
      onSubmit={submit}
      title={t('listings_import')}
      name="listings-import"
      submitLabel={t('listings_import_run')}
      submitTestId="listings-import-submit"
      busy={busy}
      submitDisabled={busy || blocked}
      maxWidth="md"
    >
      <Typography variant="body2" color="text.secondary">
        {t('listings_import_columns')}
      </Typography>
      <SpreadsheetFilePicker file={file} onChange={pick} chooseLabel={t('listings_import_choose')} disabled={busy} testId="listings-import-file" />
      {preview.isPending && (
        <Box sx={{ display: 'flex', gap: 1, alignItems: 'center' }} aria-busy="true">
          <CircularProgress size={18} />
          <Typography variant="body2">{t('listings_import_reading')}</Typography>
        </Box>
      )}
      {error && (
        <Alert severity="error" data-testid="listings-import-error">
          {error}
        </Alert>
      )}
      {p && !result && (
        <Box data-testid="listings-import-preview" sx={{ display: 'flex', flexDirection: 'column', gap: 1 }}>
          <Typography variant="body2">{t('listings_import_rows', { rows: p.rows })}</Typography>
          {p.missing.length > 0 && (
            <Alert severity="warning" data-testid="listings-import-missing">
              {t('listings_import_missing', { fields: p.missing.map((f) => t(`listings_import_field_${f}`)).join(', ') })}
            </Alert>
          )}
          <Box sx={{ overflowX: 'auto' }}>
            <Table size="small">
              <TableHead>
                <TableRow>
                  {p.headers.map((h, i) => (
                    <TableCell key={i} sx={{ whiteSpace: 'nowrap' }}>
                      <div>{h}</div>
                      <Typography variant="caption" color={p.mapping[i] ? 'primary' : 'text.secondary'}>
                        {p.mapping[i] ? t(`listings_import_field_${p.mapping[i]}`) : t('listings_import_ignored')}
                      </Typography>
                    </TableCell>
                  ))}
                </TableRow>
              </TableHead>
              <TableBody>
                {p.sample.map((row, r) => (
                  <TableRow key={r}>
                    {row.map((cell, c) => (
                      <TableCell key={c} sx={{ maxWidth: 220, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>
                        {cell}
                      </TableCell>
                    ))}
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </Box>
        </Box>
      )}
      {result && (
        <Alert severity={result.errors.length ? 'warning' : 'success'} data-testid="listings-import-result">
          {t('listings_import_result', { rows: result.rows, created: result.created, skipped: result.skipped, failed: result.errors.length })}
          {result.errors.slice(0, 50).map((r) => (
            <Typography key={r.row} variant="caption" component="div" data-testid="listings-import-row-error">
              {t('listings_import_row', { row: r.row })}: {r.reasons.join('; ')}
            </Typography>
          ))}
          {result.errors.length > 50 && (
            <Typography variant="caption" component="div">
              {t('listings_import_more_errors', { rest: result.errors.length - 50 })}
            </Typography>
          )}
        </Alert>
      )}
    </FormDialog>
  );
}
