import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { customerDisplayName, type TCustomer, type TCustomerMergePreview, type TCustomerSimple } from '@cd/contracts/customer';
import { useCustomerSearch } from '../../../api/search-customers';
import { ApiError, describeError } from '../../../lib/api-client';
import { formatPhone } from '../../../lib/format';
import { translateMessage } from '../../../lib/i18n';
import { toastSuccess } from '../../../lib/toast';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { useIsMobile } from '../../../lib/use-is-mobile';
import { useMergePreview } from '../api/get-merge-preview';
import { useMergeCustomer } from '../api/merge-customer';

const FIELD_LABEL_KEYS: Record<TCustomerMergePreview['fields'][number]['field'], string> = {
  firstName: 'first_name',
  lastName: 'last_name',
  phone: 'phone',
  email: 'email',
  preferredBrand: 'preferred_brand',
  preferredChannel: 'preferred_channel',
  primaryContact: 'primary_contact',
  alternateContact: 'alternate_contact',
  address: 'address',
  tags: 'tags',
  notes: 'notes',
  optOut: 'opt_out',
};

interface TProps {
  open: boolean;
  /** The customer being looked at: it is kept, the picked duplicate moves into it and is deleted. */
  customer: TCustomer;
  onClose: () => void;
}

/** "Merge with…": pick the duplicate, preview what moves and which values win, confirm the deletion. Mount it per opening (fresh state). */
export function MergeCustomerDialog({ open, customer, onClose }: TProps) {
  const { t } = useTranslation();
  const mobile = useIsMobile();
  const navigate = useNavigate();
  const [search, setSearch] = useState('');
  const [duplicate, setDuplicate] = useState<TCustomerSimple | null>(null);
  const [acknowledged, setAcknowledged] = useState(false);
  const debounced = useDebouncedValue(search, 250);
  const options = useCustomerSearch({ search: debounced, enabled: open });
  const preview = useMergePreview({ id: customer.id, duplicateId: duplicate?.id ?? null });
  const merge = useMergeCustomer();

  const close = () => {
    if (!merge.isPending) onClose();
  };
  const choices = (options.data ?? []).filter((c) => c.id !== customer.id);
  const keptName = customerDisplayName(customer);
  const duplicateName = preview.data?.duplicate.name ?? duplicate?.name ?? '';
  const canMerge = !!duplicate && preview.isSuccess && acknowledged && !merge.isPending;

  const confirm = () => {
    if (!duplicate || !canMerge) return;
    merge.mutate(
      { id: customer.id, duplicateId: duplicate.id },
      {
        onSuccess: (kept) => {
          toastSuccess(t('merge_done', { name: customerDisplayName(kept) }));
          onClose();
          // Follow the surviving customer (its thread now holds both conversations).
          void navigate(`/communication/${kept.id}/messenger`);
        },
      },
    );
  };

  const sourceLabel = (source: TCustomerMergePreview['fields'][number]['source']) =>
    source === 'kept' ? keptName : source === 'duplicate' ? duplicateName : source === 'both' ? t('merge_source_both') : '—';

  return (
    <Dialog open={open} onClose={close} fullWidth maxWidth="md" fullScreen={mobile} aria-labelledby="merge-dialog-title" data-testid="merge-dialog">
      <DialogTitle id="merge-dialog-title">{t('merge_title', { name: keptName })}</DialogTitle>
      <DialogContent dividers>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          {t('merge_intro', { name: keptName })}
        </Typography>
        <Autocomplete
          options={choices}
          value={duplicate}
          loading={options.isFetching}
          filterOptions={(x) => x}
          onInputChange={(_e, v, reason) => {
            if (reason === 'input' || reason === 'clear') setSearch(v);
          }}
          onChange={(_e, c) => {
            setDuplicate(c);
            setAcknowledged(false);
          }}
          getOptionLabel={(c) => `${c.name}${c.phone ? ` · ${formatPhone(c.phone)}` : ''}`}
          isOptionEqualToValue={(a, b) => a.id === b.id}
          noOptionsText={t('merge_no_customers')}
          loadingText={t('loading')}
          renderOption={({ key, ...props }, c) => (
            <li key={key} {...props} data-testid={`merge-option-${c.id}`}>
              <Box>
                <Typography variant="body2">{c.name}</Typography>
                <Typography variant="caption" color="text.secondary">
                  {formatPhone(c.phone)}
                </Typography>
              </Box>
            </li>
          )}
          renderInput={(params) => (
            <TextField
              {...params}
              autoFocus
              label={t('merge_pick_duplicate')}
              slotProps={{ ...params.slotProps, htmlInput: { ...params.slotProps.htmlInput, 'data-testid': 'merge-search' } }}
            />
          )}
        />
        {duplicate && (
          <Box sx={{ mt: 2 }} aria-live="polite">
            {preview.isPending && (
              <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, py: 3 }} data-testid="merge-preview-loading">
                <CircularProgress size={20} />
                <Typography variant="body2">{t('merge_preview_loading')}</Typography>
              </Box>
            )}
            {preview.isError && (
              <Alert
                severity="error"
                data-testid="merge-preview-error"
                action={
                  <Button color="inherit" size="small" onClick={() => void preview.refetch()}>
                    {t('retry')}
                  </Button>
                }
              >
                {preview.error instanceof ApiError && preview.error.status > 0 ? describeError(preview.error.body, translateMessage) : t('merge_preview_failed')}
              </Alert>
            )}
            {preview.data && <MergePreview preview={preview.data} sourceLabel={sourceLabel} />}
            {preview.data && (
              <>
                <Alert severity="warning" sx={{ mt: 2 }} data-testid="merge-warning">
                  {t('merge_warning', { duplicate: duplicateName, name: keptName })}
                </Alert>
                <FormControlLabel
                  sx={{ mt: 1 }}
                  control={<Checkbox checked={acknowledged} onChange={(e) => setAcknowledged(e.target.checked)} />}
                  label={t('merge_acknowledge', { duplicate: duplicateName })}
                  data-testid="merge-acknowledge"
                />
              </>
            )}
          </Box>
        )}
      </DialogContent>
      <DialogActions>
        <Button type="button" onClick={close} disabled={merge.isPending}>
          {t('cancel')}
        </Button>
        <Button
          type="button"
          color="error"
          variant="contained"
          onClick={confirm}
          disabled={!canMerge}
          startIcon={merge.isPending ? <CircularProgress size={16} color="inherit" /> : undefined}
          data-testid="merge-confirm"
        >
          {duplicate ? t('merge_confirm', { duplicate: duplicateName }) : t('merge_action')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

function MergePreview({ preview, sourceLabel }: { preview: TCustomerMergePreview; sourceLabel: (s: TCustomerMergePreview['fields'][number]['source']) => string }) {
  const { t } = useTranslation();
  const mobile = useIsMobile();
  const { moves } = preview;
  const counts: [string, number][] = [
    ['merge_moves_messages', moves.messages],
    ['merge_moves_scheduled', moves.scheduledMessages],
    ['merge_moves_groups', moves.groups],
    ['merge_moves_consent', moves.consentEvents],
  ];
  return (
    <Box data-testid="merge-preview">
      <Typography variant="subtitle2" component="h2" sx={{ mb: 1 }}>
        {t('merge_moves_title', { duplicate: preview.duplicate.name, name: preview.kept.name })}
      </Typography>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, mb: 2 }}>
        {counts.map(([key, n]) => (
          <Chip key={key} variant="outlined" label={t(key, { n })} data-testid={key} />
        ))}
      </Box>
      <Typography variant="subtitle2" component="h2" sx={{ mb: 0.5 }}>
        {t('merge_fields_title')}
      </Typography>
      {mobile ? (
        // Phones: one stacked entry per field; three columns would break words.
        <Box component="dl" sx={{ m: 0 }}>
          {preview.fields.map((f) => (
            <Box key={f.field} data-testid={`merge-field-${f.field}`} sx={{ py: 0.75, borderBottom: 1, borderColor: 'divider' }}>
              <Box component="dt" sx={{ display: 'flex', justifyContent: 'space-between', gap: 1, typography: 'caption', color: 'text.secondary' }}>
                <span>{t(FIELD_LABEL_KEYS[f.field])}</span>
                <Box component="span" sx={{ textAlign: 'right', overflowWrap: 'anywhere' }}>
                  {sourceLabel(f.source)}
                </Box>
              </Box>
              <Box component="dd" sx={{ m: 0, typography: 'body2', overflowWrap: 'anywhere', whiteSpace: 'pre-line' }}>
                {fieldText(f, t)}
              </Box>
            </Box>
          ))}
        </Box>
      ) : (
        <Table size="small" aria-label={t('merge_fields_title')}>
          <TableHead>
            <TableRow>
              <TableCell>{t('merge_col_field')}</TableCell>
              <TableCell>{t('merge_col_value')}</TableCell>
              <TableCell>{t('merge_col_from')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {preview.fields.map((f) => (
              <TableRow key={f.field} data-testid={`merge-field-${f.field}`}>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>{t(FIELD_LABEL_KEYS[f.field])}</TableCell>
                <TableCell sx={{ wordBreak: 'break-word', whiteSpace: 'pre-line' }}>{fieldText(f, t)}</TableCell>
                <TableCell sx={{ color: 'text.secondary' }}>{sourceLabel(f.source)}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
    </Box>
  );
}

function fieldText(f: TCustomerMergePreview['fields'][number], t: (k: string) => string): string {
  if (f.value === null) return '—';
  if (f.field === 'optOut') return f.value === 'true' ? t('opted_out') : t('subscribed');
  if (f.field === 'phone') return formatPhone(f.value);
  if (f.field === 'preferredChannel') return t(`channel_${f.value}`);
  return f.value;
}
