import { useState, type FormEvent } from 'react';
import AttachFile from '@mui/icons-material/AttachFile';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import InputAdornment from '@mui/material/InputAdornment';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { centsToDollarInput, dollarsToCents, formatCents } from '@cd/contracts/money';
import {
  LINE_DESCRIPTION_MAX,
  LINE_FILES_MAX,
  LINE_PRICE_MAX_CENTS,
  REPAIR_ORDER_LINE_STATUS_LABEL_KEYS,
  REPAIR_ORDER_LINE_STATUSES,
  type TRepairOrderLine,
  type TRepairOrderLineStatus,
} from '@cd/contracts/repair-order-line';
import { FormDialog } from '../../../components/ui/form-dialog';
import { PendingFileChips } from '../../../components/ui/pending-file-chips';
import { ACCEPT_ATTRIBUTE, withinAttachmentLimit } from '../../../lib/attachments';
import { toastError, toastSuccess } from '../../../lib/toast';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { useFilePicker } from '../../../lib/use-file-picker';
import { useCreateRepairOrderLine } from '../api/create-repair-order-line';
import { useLineAutocomplete } from '../api/get-line-autocomplete';
import { useUpdateRepairOrderLine } from '../api/update-repair-order-line';
import { useUploadLineFile } from '../api/upload-line-file';
import { violationsByField } from '../lib/action-messages';

interface TProps {
  orderId: number;
  /** The line to edit; a new one when absent. */
  line?: TRepairOrderLine;
  onClose: () => void;
}

/** Add or edit a line: description with the company's past descriptions, price in dollars, status, photos. */
export function LineDialog({ orderId, line, onClose }: TProps) {
  const { t } = useTranslation();
  const create = useCreateRepairOrderLine();
  const update = useUpdateRepairOrderLine();
  const upload = useUploadLineFile();
  const [description, setDescription] = useState(line?.description ?? '');
  const [price, setPrice] = useState(line ? centsToDollarInput(line.price) : '');
  const [status, setStatus] = useState<TRepairOrderLineStatus>(line?.status ?? 'pending');
  const [kept, setKept] = useState(line?.files ?? []);
  const [newFiles, setNewFiles] = useState<File[]>([]);
  const [errors, setErrors] = useState<{ description?: string; price?: string }>({});
  const [busy, setBusy] = useState(false);
  const q = useDebouncedValue(description, 250);
  const options = useLineAutocomplete(q, true);
  const { fileInput, openPicker, onPickFiles } = useFilePicker({ files: newFiles, onChange: setNewFiles });

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    if (busy) return;
    const next: typeof errors = {};
    const cents = dollarsToCents(price);
    if (!description.trim()) next.description = 'description_is_required';
    if (price.trim() === '') next.price = 'price_is_required';
    else if (cents === null) next.price = 'price_is_not_valid';
    else if (cents > LINE_PRICE_MAX_CENTS) next.price = 'price_is_too_high';
    if (kept.length + newFiles.length > LINE_FILES_MAX) return toastError(t('line_files_too_many', { max: LINE_FILES_MAX }));
    setErrors(next);
    if (Object.keys(next).length || cents === null) return;
    setBusy(true);
    try {
      // A new line exists before its files: uploads name the line they belong to.
      const saved = line
        ? await update.mutateAsync({ id: line.id, patch: { description: description.trim(), price: cents, status } })
        : await create.mutateAsync({ repairOrder: orderId, description: description.trim(), price: cents });
      const uploaded = [];
      for (const file of newFiles) uploaded.push(await upload.mutateAsync({ lineId: saved.id, file }));
      const files = [...kept, ...uploaded].map((f) => f['@id']);
      const filesChanged = uploaded.length > 0 || (line && kept.length !== line.files.length);
      if (filesChanged) await update.mutateAsync({ id: saved.id, patch: { files } });
      toastSuccess(t(line ? 'line_saved' : 'line_added'));
      onClose();
    } catch (err) {
      const byField = violationsByField(err);
      if (byField.description || byField.price) setErrors({ description: byField.description, price: byField.price });
      else toastError(t('line_save_failed'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <FormDialog
      open
      onClose={() => !busy && onClose()}
      onSubmit={(e) => void onSubmit(e)}
      title={t(line ? 'edit_line' : 'add_line')}
      name="repair-order-line"
      submitLabel={t('save')}
      submitTestId="repair-order-line-save"
      busy={busy}
    >
      <Autocomplete
        freeSolo
        options={options.data ?? []}
        getOptionLabel={(o) => (typeof o === 'string' ? o : o.description)}
        filterOptions={(x) => x}
        inputValue={description}
        onInputChange={(_, v) => {
          setDescription(v);
          setErrors((er) => ({ ...er, description: undefined }));
        }}
        onChange={(_, v) => {
          // Picking a past description suggests its last price when none is typed yet.
          if (v && typeof v !== 'string' && v.lastPrice !== null && price.trim() === '') setPrice(centsToDollarInput(v.lastPrice));
        }}
        renderOption={(props, o) => (
          <Box component="li" {...props} key={o.description} sx={{ display: 'flex', justifyContent: 'space-between', gap: 2 }}>
            <span>{o.description}</span>
            <Typography variant="caption" color="text.secondary">
              {o.lastPrice !== null ? formatCents(o.lastPrice) : ''}
            </Typography>
          </Box>
        )}
        renderInput={(params) => (
          <TextField
            {...params}
            label={t('line_description')}
            required
            autoFocus
            error={!!errors.description}
            helperText={errors.description ? t(errors.description) : undefined}
            slotProps={{
              ...params.slotProps,
              htmlInput: { ...params.slotProps.htmlInput, maxLength: LINE_DESCRIPTION_MAX, 'data-testid': 'repair-order-line-description' },
            }}
          />
        )}
      />
      <TextField
        label={t('price')}
        value={price}
        onChange={(e) => {
          setPrice(e.target.value);
          setErrors((er) => ({ ...er, price: undefined }));
        }}
        required
        error={!!errors.price}
        helperText={errors.price ? t(errors.price) : undefined}
        slotProps={{
          input: { startAdornment: <InputAdornment position="start">$</InputAdornment> },
          htmlInput: { inputMode: 'decimal', 'data-testid': 'repair-order-line-price' },
        }}
      />
      {line && (
        <TextField
          select
          label={t('status')}
          value={status}
          onChange={(e) => setStatus(e.target.value as TRepairOrderLineStatus)}
          slotProps={{ htmlInput: { 'data-testid': 'repair-order-line-status' } }}
        >
          {REPAIR_ORDER_LINE_STATUSES.map((s) => (
            <MenuItem key={s} value={s}>
              {t(REPAIR_ORDER_LINE_STATUS_LABEL_KEYS[s])}
            </MenuItem>
          ))}
        </TextField>
      )}
      <Box>
        <Typography variant="caption" color="text.secondary" component="div" sx={{ mb: 0.5 }}>
          {t('line_files')}
        </Typography>
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.75, mb: 1 }}>
          {kept.map((f) => (
            <Chip key={f.id} size="small" label={f.originalFileName} onDelete={() => setKept((k) => k.filter((x) => x.id !== f.id))} />
          ))}
        </Box>
        <PendingFileChips files={newFiles} tooBig={!withinAttachmentLimit(newFiles)} onRemove={(i) => setNewFiles((fs) => fs.filter((_, j) => j !== i))} />
        <input
          ref={fileInput}
          type="file"
          hidden
          multiple
          accept={ACCEPT_ATTRIBUTE}
          onChange={(e) => onPickFiles(e.target.files)}
          data-testid="repair-order-line-file-input"
        />
        <Button size="small" startIcon={<AttachFile />} onClick={openPicker} sx={{ mt: 0.5 }}>
          {t('attach_files')}
        </Button>
      </Box>
    </FormDialog>
  );
}
