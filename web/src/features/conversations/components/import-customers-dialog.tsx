import { useEffect, useRef, useState } from 'react';
import CloudUploadOutlined from '@mui/icons-material/CloudUploadOutlined';
import InsertDriveFileOutlined from '@mui/icons-material/InsertDriveFileOutlined';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import LinearProgress from '@mui/material/LinearProgress';
import MenuItem from '@mui/material/MenuItem';
import Step from '@mui/material/Step';
import StepLabel from '@mui/material/StepLabel';
import Stepper from '@mui/material/Stepper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { customerTagsQueryKey } from '../../../api/get-customer-tags';
import { ApiError, describeError } from '../../../lib/api-client';
import { translateMessage } from '../../../lib/i18n';
import { useIsMobile } from '../../../lib/use-is-mobile';
import { useImportProgress, usePreviewImport, useStartImport, type TCustomerImport, type TImportPreview } from '../api/import-customers';
import { conversationKeys } from '../api/query-keys';
import {
  IMPORT_ACCEPT,
  IMPORT_FIELDS,
  importPercent,
  initialMapping,
  isImportFile,
  isImportFinished,
  parseTags,
  REQUIRED_IMPORT_FIELDS,
  setMapping,
  validateMapping,
  type TImportMapping,
} from '../lib/import-mapping';

type TStep = 'file' | 'mapping' | 'progress' | 'summary';
const STEPS: TStep[] = ['file', 'mapping', 'progress', 'summary'];

function errorText(err: unknown, fallback: string): string {
  if (err instanceof ApiError) {
    if (err.status === 413) return translateMessage('import_file_too_large');
    if (err.body) return describeError(err.body, translateMessage);
  }
  return fallback;
}

/** Inbox "Import customers": file → preview and mapping → progress → summary. */
export function ImportCustomersDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const mobile = useIsMobile();
  const queryClient = useQueryClient();
  const preview = usePreviewImport();
  const start = useStartImport();
  const [chosenStep, setStep] = useState<TStep>('file');
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [data, setData] = useState<TImportPreview | null>(null);
  const [mapping, setMappingState] = useState<TImportMapping>({});
  const [consentSource, setConsentSource] = useState('import');
  const [optedIn, setOptedIn] = useState(false);
  const [tags, setTags] = useState('');
  const [showErrors, setShowErrors] = useState(false);
  const [job, setJob] = useState<TCustomerImport | null>(null);
  const [startError, setStartError] = useState<string | null>(null);
  const fileInput = useRef<HTMLInputElement | null>(null);
  const progress = useImportProgress(job);
  const current = progress.data ?? job;
  const finished = !!current && isImportFinished(current.status);

  // A finished import shows its summary: derived, not set from an effect. The effect only refreshes the lists.
  const finishedWhileWatching = chosenStep === 'progress' && finished;
  const step: TStep = finishedWhileWatching ? 'summary' : chosenStep;
  useEffect(() => {
    if (!finishedWhileWatching) return;
    void queryClient.invalidateQueries({ queryKey: conversationKeys.lists });
    void queryClient.invalidateQueries({ queryKey: customerTagsQueryKey });
  }, [finishedWhileWatching, queryClient]);

  const reset = () => {
    setStep('file');
    setFile(null);
    setFileError(null);
    setData(null);
    setMappingState({});
    setConsentSource('import');
    setOptedIn(false);
    setTags('');
    setShowErrors(false);
    setJob(null);
    setStartError(null);
    preview.reset();
    start.reset();
  };
  const close = () => {
    if (preview.isPending || start.isPending) return;
    onClose();
    // The job keeps running on the server; a new dialog starts fresh.
    window.setTimeout(reset, 300);
  };

  const pick = (f: File | null | undefined) => {
    if (fileInput.current) fileInput.current.value = '';
    if (!f) return;
    if (!isImportFile(f.name)) {
      setFile(null);
      setFileError(t('import_file_type'));
      return;
    }
    setFile(f);
    setFileError(null);
    preview.mutate(f, {
      onSuccess: (p) => {
        setData(p);
        setMappingState(initialMapping(p.suggestedMapping, p.columns));
        setShowErrors(false);
        setStep('mapping');
      },
      onError: (err) => setFileError(errorText(err, t('import_preview_failed'))),
    });
  };

  const validation = validateMapping(mapping, data?.columns ?? []);
  const submit = () => {
    if (!file || !data) return;
    setShowErrors(true);
    if (!validation.ok) return;
    setStartError(null);
    start.mutate(
      { file, mapping, consentSource: consentSource.trim() || 'import', optedIn, tags: parseTags(tags) },
      {
        onSuccess: (j) => {
          setJob(j);
          setStep(isImportFinished(j.status) ? 'summary' : 'progress');
        },
        onError: (err) => setStartError(errorText(err, t('import_start_failed'))),
      },
    );
  };

  const errMsg = (code: string | undefined) => (code === 'required' ? t('import_phone_required') : code === 'duplicate' ? t('import_column_used_twice') : code ? t('import_column_missing') : undefined);

  return (
    <Dialog open={open} onClose={close} fullWidth maxWidth="md" fullScreen={mobile} aria-labelledby="import-dialog-title" data-testid="import-dialog" data-step={step}>
      <DialogTitle id="import-dialog-title">{t('import_customers')}</DialogTitle>
      <DialogContent dividers sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
        <Stepper activeStep={STEPS.indexOf(step)} alternativeLabel={!mobile} orientation="horizontal" sx={{ mb: 1 }}>
          {STEPS.map((s) => (
            <Step key={s} completed={STEPS.indexOf(step) > STEPS.indexOf(s) || (s === 'summary' && step === 'summary')}>
              <StepLabel>{t(`import_step_${s}`)}</StepLabel>
            </Step>
          ))}
        </Stepper>

        {step === 'file' && (
          <Box
            onDragOver={(e) => e.preventDefault()}
            onDrop={(e) => {
              e.preventDefault();
              pick(e.dataTransfer.files[0]);
            }}
            sx={{ border: 2, borderStyle: 'dashed', borderColor: fileError ? 'error.main' : 'divider', borderRadius: 2, p: 4, textAlign: 'center', display: 'flex', flexDirection: 'column', alignItems: 'center', gap: 1.5 }}
          >
            <CloudUploadOutlined sx={{ fontSize: 48, color: 'text.secondary' }} />
            <Typography>{t('import_choose_file_hint')}</Typography>
            <input ref={fileInput} type="file" accept={IMPORT_ACCEPT} hidden data-testid="import-file-input" onChange={(e) => pick(e.target.files?.[0])} />
            <Button variant="contained" onClick={() => fileInput.current?.click()} disabled={preview.isPending} startIcon={preview.isPending ? <CircularProgress size={16} color="inherit" /> : <InsertDriveFileOutlined />}>
              {preview.isPending ? t('import_reading_file') : t('import_choose_file')}
            </Button>
            {file && !fileError && (
              <Typography variant="body2" color="text.secondary">
                {file.name}
              </Typography>
            )}
            {fileError && (
              <Alert severity="error" role="alert" sx={{ textAlign: 'left' }} data-testid="import-file-error">
                {fileError}
              </Alert>
            )}
          </Box>
        )}

        {step === 'mapping' && data && (
          <>
            <Box>
              <Typography variant="subtitle2" sx={{ mb: 0.5 }}>
                {t('import_preview_title', { shown: data.rows.length, total: data.totalRows })}
              </Typography>
              <Box sx={{ overflowX: 'auto', border: 1, borderColor: 'divider', borderRadius: 1, maxHeight: 260 }} data-testid="import-preview">
                <Table size="small" stickyHeader>
                  <TableHead>
                    <TableRow>
                      {data.columns.map((c) => (
                        <TableCell key={c} sx={{ whiteSpace: 'nowrap', fontWeight: 700 }}>
                          {c}
                        </TableCell>
                      ))}
                    </TableRow>
                  </TableHead>
                  <TableBody>
                    {data.rows.map((row, i) => (
                      <TableRow key={i}>
                        {data.columns.map((c, j) => (
                          <TableCell key={c} sx={{ whiteSpace: 'nowrap', maxWidth: 220, overflow: 'hidden', textOverflow: 'ellipsis' }}>
                            {row[j] ?? ''}
                          </TableCell>
                        ))}
                      </TableRow>
                    ))}
                  </TableBody>
                </Table>
              </Box>
            </Box>
            <Box>
              <Typography variant="subtitle2" sx={{ mb: 1 }}>
                {t('import_mapping_title')}
              </Typography>
              <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr', md: '1fr 1fr 1fr' }, gap: 1.5 }} data-testid="import-mapping">
                {IMPORT_FIELDS.map((field) => {
                  const error = showErrors || (field !== 'phone' && !!validation.errors[field]) ? validation.errors[field] : undefined;
                  return (
                    <TextField
                      key={field}
                      select
                      size="small"
                      label={t(`import_field_${field}`)}
                      required={REQUIRED_IMPORT_FIELDS.includes(field)}
                      value={mapping[field] ?? ''}
                      onChange={(e) => setMappingState((m) => setMapping(m, field, e.target.value))}
                      error={!!error}
                      helperText={errMsg(error)}
                      slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true }, htmlInput: { 'data-testid': `import-mapping-${field}` } }}
                    >
                      <MenuItem value="">
                        <em>{t('import_do_not_import')}</em>
                      </MenuItem>
                      {data.columns.map((c) => (
                        <MenuItem key={c} value={c}>
                          {c}
                        </MenuItem>
                      ))}
                    </TextField>
                  );
                })}
              </Box>
            </Box>
            <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, gap: 1.5, alignItems: 'start' }}>
              <TextField size="small" label={t('import_consent_source')} value={consentSource} onChange={(e) => setConsentSource(e.target.value)} slotProps={{ htmlInput: { maxLength: 100, 'data-testid': 'import-consent-source' } }} />
              <TextField
                size="small"
                label={t('import_tags')}
                placeholder={t('import_tags_placeholder')}
                value={tags}
                onChange={(e) => setTags(e.target.value)}
                helperText={t('import_tags_help')}
                slotProps={{ inputLabel: { shrink: true }, htmlInput: { 'data-testid': 'import-tags' } }}
              />
            </Box>
            <FormControlLabel control={<Checkbox checked={optedIn} onChange={(e) => setOptedIn(e.target.checked)} slotProps={{ input: { 'data-testid': 'import-opted-in' } as object }} />} label={t('import_customers_gave_consent')} />
            {startError && (
              <Alert severity="error" role="alert" data-testid="import-start-error">
                {startError}
              </Alert>
            )}
          </>
        )}

        {step === 'progress' && current && (
          <Box data-testid="import-progress" data-status={current.status} sx={{ py: 2 }}>
            <Typography sx={{ mb: 1 }}>{current.status === 'queued' ? t('import_queued') : t('import_running', { processed: current.processedRows, total: current.totalRows })}</Typography>
            <LinearProgress variant={current.totalRows > 0 ? 'determinate' : 'indeterminate'} value={importPercent(current)} aria-label={t('import_step_progress')} />
            <Typography variant="caption" color="text.secondary" sx={{ mt: 1, display: 'block' }}>
              {t('import_progress_counts', { created: current.createdCount, updated: current.updatedCount, failed: current.failedCount })}
            </Typography>
          </Box>
        )}

        {step === 'summary' && current && (
          <Box data-testid="import-summary" data-status={current.status} sx={{ display: 'flex', flexDirection: 'column', gap: 1.5 }}>
            {current.status === 'failed' ? (
              <Alert severity="error">{current.message ? translateMessage(current.message) : t('import_failed')}</Alert>
            ) : (
              <Alert severity={current.failedCount > 0 ? 'warning' : 'success'}>{t('import_done')}</Alert>
            )}
            <Box sx={{ display: 'grid', gridTemplateColumns: 'repeat(3, 1fr)', gap: 1.5 }}>
              {(
                [
                  ['import_created', current.createdCount, 'success.main'],
                  ['import_updated', current.updatedCount, 'info.main'],
                  ['import_failed_rows', current.failedCount, 'error.main'],
                ] as const
              ).map(([key, n, color]) => (
                <Box key={key} sx={{ border: 1, borderColor: 'divider', borderRadius: 1, p: 1.5, textAlign: 'center' }}>
                  <Typography variant="h5" sx={{ color, fontWeight: 700 }} data-testid={`import-summary-${key}`}>
                    {n}
                  </Typography>
                  <Typography variant="body2" color="text.secondary">
                    {t(key)}
                  </Typography>
                </Box>
              ))}
            </Box>
            {current.errors.length > 0 && (
              <Alert severity="error" data-testid="import-errors" sx={{ '& .MuiAlert-message': { width: '100%' } }}>
                <AlertTitle>{t('Records could not be processed')}</AlertTitle>
                <Box component="ul" sx={{ m: 0, pl: 2.5, maxHeight: 240, overflowY: 'auto' }}>
                  {current.errors.map((e) => (
                    <li key={e.row}>
                      {t('import_row', { row: e.row })}: {e.reasons.map(translateMessage).join('; ')}
                    </li>
                  ))}
                </Box>
              </Alert>
            )}
          </Box>
        )}
      </DialogContent>
      <DialogActions>
        {step === 'mapping' && (
          <Button onClick={() => setStep('file')} disabled={start.isPending} sx={{ mr: 'auto' }}>
            {t('back')}
          </Button>
        )}
        {step === 'summary' && (
          <Button onClick={reset} sx={{ mr: 'auto' }}>
            {t('import_another')}
          </Button>
        )}
        <Button onClick={close} disabled={preview.isPending || start.isPending}>
          {step === 'summary' || step === 'progress' ? t('close') : t('cancel')}
        </Button>
        {step === 'mapping' && (
          <Button variant="contained" onClick={submit} disabled={start.isPending || (showErrors && !validation.ok)} data-testid="import-submit" startIcon={start.isPending ? <CircularProgress size={16} color="inherit" /> : undefined}>
            {t('import_start', { count: data?.totalRows ?? 0 })}
          </Button>
        )}
      </DialogActions>
    </Dialog>
  );
}
