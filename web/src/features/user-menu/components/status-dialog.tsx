import { useEffect, useEffectEvent, useMemo, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Collapse from '@mui/material/Collapse';
import MenuItem from '@mui/material/MenuItem';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { alpha } from '@mui/material/styles';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { toast } from 'react-toastify';
import type { TAwayStatus } from '@cd/contracts/roles';
import { BE_BACK_IN_OPTIONS, BE_BACK_UNSPECIFIED, ZStatusFormSchema, type TColleague, type TStatusForm } from '@cd/contracts/user';
import { useColleagues } from '../../../api/get-colleagues';
import { useUpdateUser } from '../../../api/update-user';
import { FormDialog } from '../../../components/ui/form-dialog';
import { ApiError } from '../../../lib/api-client';
import { ME_QUERY_KEY, useCurrentUser } from '../../../lib/current-user';
import { formatDateTime, fullName } from '../../../lib/format';
import { toastSuccess } from '../../../lib/toast';
import { isStatusUnchanged, scheduledReturn, statusFieldOf, statusFormFromState, toAwayState } from '../lib/status-form';

const STATUSES: { value: TAwayStatus; labelKey: string; hintKey: string; color: 'success' | 'warning' | 'error' }[] = [
  { value: 'ONLINE', labelKey: 'status_online', hintKey: 'status_online_hint', color: 'success' },
  { value: 'AWAY', labelKey: 'status_away', hintKey: 'status_away_hint', color: 'warning' },
  { value: 'AWAY_WITH_TRANSFER', labelKey: 'status_away_with_transfer', hintKey: 'status_away_with_transfer_hint', color: 'error' },
];

interface TProps {
  open: boolean;
  onClose: () => void;
}

/** Spec part 1 §2, §4–§5: ONLINE / AWAY (auto-reply text) / AWAY_WITH_TRANSFER (colleague), with a be-back-in choice. */
export function StatusDialog({ open, onClose }: TProps) {
  const { t } = useTranslation();
  const me = useCurrentUser();
  const queryClient = useQueryClient();
  const update = useUpdateUser();
  const [busy, setBusy] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);
  const initial = useMemo(() => statusFormFromState(me.awayState), [me.awayState]);
  const scheduled = scheduledReturn(me.awayState);
  const {
    control,
    register,
    handleSubmit,
    reset,
    getValues,
    setError,
    formState: { errors },
  } = useForm<TStatusForm>({ resolver: zodResolver(ZStatusFormSchema), defaultValues: initial });
  const status = useWatch({ control, name: 'status' });
  const colleagues = useColleagues({ enabled: open && status === 'AWAY_WITH_TRANSFER' });

  // An effect event: only opening the dialog resets the form; a live update of the user must not wipe what is being typed.
  const onOpened = useEffectEvent(() => reset(initial));
  useEffect(() => {
    if (open) onOpened();
  }, [open]);

  const close = () => {
    if (!busy) onClose();
  };

  const save = async (values: TStatusForm) => {
    setBusy(true);
    try {
      await update.mutateAsync({ id: me.id, patch: { awayState: toAwayState(values, new Date()) }, silent: [422] });
      toastSuccess(t('success'));
      await queryClient.invalidateQueries({ queryKey: ME_QUERY_KEY });
      onClose();
    } catch (err) {
      if (err instanceof ApiError && err.status === 422) {
        const unplaced: string[] = [];
        for (const v of err.violations) {
          const field = statusFieldOf(v.propertyPath);
          if (field) setError(field, { message: v.message });
          else unplaced.push(v.message);
        }
        if (unplaced.length) toast.error(unplaced.join(' '));
      }
    } finally {
      setBusy(false);
    }
  };

  const onSubmit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    if (busy) return;
    // Spec part 1 §5: nothing changed → the "no changes" warning and no call (checked before the field rules).
    if (isStatusUnchanged(initial, getValues())) {
      toast.warning(t('no_changes'));
      return;
    }
    void handleSubmit(save)(e);
  };

  // Enter sends the form from the away text too; Shift+Enter starts a new line.
  const submitOnEnter = (e: KeyboardEvent) => {
    if (e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing) {
      e.preventDefault();
      formRef.current?.requestSubmit();
    }
  };

  const msg = (m: string | undefined) => (m ? t(m, { defaultValue: m }) : undefined);
  const colleagueLabel = (c: TColleague) => fullName(c) || c.email;
  const beBackLabel = (minutes: number) => (minutes === BE_BACK_UNSPECIFIED ? t('be_back_unspecified') : t('be_back_in_minutes', { count: minutes }));

  return (
    <FormDialog
      open={open}
      onClose={close}
      onSubmit={onSubmit}
      formRef={formRef}
      title={t('status')}
      name="status"
      submitLabel={busy ? t('saving') : t('save')}
      submitTestId="status-save"
      busy={busy}
    >
      {scheduled && (
        <Alert severity="info" data-testid="status-scheduled">
          {t('scheduled_back_online', { date: formatDateTime(scheduled) })}
        </Alert>
      )}
      <Controller
        control={control}
        name="status"
        render={({ field }) => (
          <RadioGroup {...field} aria-label={t('status')} sx={{ gap: 1 }}>
            {STATUSES.map((s) => {
              const selected = field.value === s.value;
              return (
                <Box
                  key={s.value}
                  component="label"
                  data-testid={`status-option-${s.value}`}
                  sx={(theme) => ({
                    display: 'flex',
                    alignItems: 'center',
                    gap: 1,
                    p: 1,
                    pr: 2,
                    borderRadius: 2,
                    border: 1,
                    cursor: 'pointer',
                    borderColor: selected ? 'primary.main' : 'divider',
                    bgcolor: selected ? alpha(theme.palette.primary.main, 0.08) : 'transparent',
                    transition: 'border-color 120ms, background-color 120ms',
                    '&:hover': { borderColor: selected ? 'primary.main' : 'text.secondary' },
                  })}
                >
                  <Radio value={s.value} slotProps={{ input: { 'aria-describedby': `status-hint-${s.value}` } }} />
                  <Box
                    aria-hidden
                    sx={{ width: 10, height: 10, borderRadius: '50%', flexShrink: 0, bgcolor: `${s.color}.main` }}
                  />
                  <Box sx={{ minWidth: 0 }}>
                    <Typography sx={{ fontWeight: 600 }}>{t(s.labelKey)}</Typography>
                    <Typography id={`status-hint-${s.value}`} variant="body2" color="text.secondary">
                      {t(s.hintKey)}
                    </Typography>
                  </Box>
                </Box>
              );
            })}
          </RadioGroup>
        )}
      />
      <Collapse in={status !== 'ONLINE'} unmountOnExit>
        <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2, pt: 1 }}>
          <Controller
            control={control}
            name="beBackIn"
            render={({ field }) => (
              <TextField
                select
                required
                label={t('be_back_in')}
                value={field.value}
                onChange={(e) => field.onChange(e.target.value)}
                onBlur={field.onBlur}
                inputRef={field.ref}
                error={!!errors.beBackIn}
                helperText={msg(errors.beBackIn?.message)}
                slotProps={{ select: { SelectDisplayProps: { 'data-testid': 'status-be-back-in' } as object } }}
              >
                {BE_BACK_IN_OPTIONS.map((m) => (
                  <MenuItem key={m} value={String(m)} data-testid={`status-be-back-in-${m}`}>
                    {beBackLabel(m)}
                  </MenuItem>
                ))}
              </TextField>
            )}
          />
          {status === 'AWAY' && (
            <TextField
              {...register('awayText')}
              required
              multiline
              minRows={2}
              maxRows={6}
              label={t('away_text')}
              onKeyDown={submitOnEnter}
              error={!!errors.awayText}
              helperText={msg(errors.awayText?.message) ?? t('away_text_hint')}
              slotProps={{ htmlInput: { 'data-testid': 'status-away-text', maxLength: 1600 } }}
            />
          )}
          {status === 'AWAY_WITH_TRANSFER' && (
            <Controller
              control={control}
              name="transferToUserId"
              render={({ field }) => {
                const options = colleagues.data ?? [];
                const value = options.find((c) => String(c.id) === field.value) ?? null;
                return (
                  <Autocomplete
                    options={options}
                    value={value}
                    loading={colleagues.isFetching}
                    onChange={(_e, c) => field.onChange(c ? String(c.id) : '')}
                    onBlur={field.onBlur}
                    getOptionLabel={colleagueLabel}
                    isOptionEqualToValue={(a, b) => a.id === b.id}
                    noOptionsText={colleagues.isError ? t('status_colleagues_load_failed') : t('status_no_colleagues')}
                    renderOption={({ key, ...props }, c) => (
                      <li key={key} {...props} data-testid={`status-colleague-${c.id}`}>
                        <Box sx={{ minWidth: 0 }}>
                          <Typography noWrap>{colleagueLabel(c)}</Typography>
                          <Typography variant="body2" color="text.secondary" noWrap>
                            {c.email}
                          </Typography>
                        </Box>
                      </li>
                    )}
                    renderInput={(params) => (
                      <TextField
                        {...params}
                        inputRef={field.ref}
                        required
                        label={t('transfer_to')}
                        error={!!errors.transferToUserId}
                        helperText={msg(errors.transferToUserId?.message) ?? t('transfer_to_hint')}
                        slotProps={{ ...params.slotProps, htmlInput: { ...params.slotProps.htmlInput, 'data-testid': 'status-transfer-to' } }}
                      />
                    )}
                  />
                );
              }}
            />
          )}
        </Box>
      </Collapse>
    </FormDialog>
  );
}
