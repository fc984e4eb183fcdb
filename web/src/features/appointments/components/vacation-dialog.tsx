import { useState, type FormEvent } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import { toast } from 'react-toastify';
import type { TVacation, TVacationPatch } from '@cd/contracts/appointment';
import { FormDialog } from '../../../components/ui/form-dialog';
import { ApiError } from '../../../lib/api-client';
import { toastSuccess } from '../../../lib/toast';
import { useCreateVacation } from '../api/create-vacation';
import { useUpdateVacation } from '../api/update-vacation';
import {
  parseVacationForm,
  toVacationFormValues,
  vacationMessageKey,
  type TVacationErrors,
  type TVacationField,
  type TVacationFormValues,
} from '../lib/vacation-form';
import type { TScheduleUser } from './shift-week-dialog';

interface TProps {
  /** null adds a vacation. */
  vacation: TVacation | null;
  users: readonly TScheduleUser[];
  /** Today in the company's calendar: a new vacation starts there. */
  today: string;
  onClose: () => void;
}

const FIELDS: readonly TVacationField[] = ['user', 'from', 'to', 'note'];

/** Add or edit days off: the first and the last day (inclusive, the company's calendar) and a note. The user of an
 * existing vacation does not change (delete it and add another). Mount it only while open. */
export function VacationDialog({ vacation, users, today, onClose }: TProps) {
  const { t } = useTranslation();
  const create = useCreateVacation();
  const update = useUpdateVacation();
  const [values, setValues] = useState<TVacationFormValues>(() => toVacationFormValues(vacation, { user: users[0]?.id, day: today }));
  const [errors, setErrors] = useState<TVacationErrors>({});
  const busy = create.isPending || update.isPending;

  const onError = (error: Error) => {
    if (!(error instanceof ApiError) || error.status !== 422) return;
    const next: TVacationErrors = {};
    for (const v of error.violations) {
      const field = (FIELDS as readonly string[]).includes(v.propertyPath) ? (v.propertyPath as TVacationField) : 'general';
      next[field] ??= vacationMessageKey(v.message);
    }
    if (!Object.keys(next).length) next.general = error.message;
    setErrors(next);
  };
  const onSuccess = () => {
    toastSuccess(t('success'));
    onClose();
  };

  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const { errors: found, body } = parseVacationForm(vacation ? { ...values, user: vacation.user.replace(/^\/api\/users\//, '') } : values);
    setErrors(found);
    if (!body) return;
    if (!vacation) {
      create.mutate(body, { onSuccess, onError });
      return;
    }
    const patch: TVacationPatch = {};
    if (body.from !== vacation.from) patch.from = body.from;
    if (body.to !== vacation.to) patch.to = body.to;
    if (body.note !== vacation.note) patch.note = body.note;
    if (!Object.keys(patch).length) {
      toast.warning(t('no_changes'));
      return;
    }
    update.mutate({ id: vacation.id, patch }, { onSuccess, onError });
  };

  const message = (field: TVacationField | 'general') => (errors[field] ? t(errors[field]!, { defaultValue: errors[field] }) : undefined);
  const field = (name: TVacationField) => ({
    value: values[name],
    onChange: (e: React.ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => setValues((v) => ({ ...v, [name]: e.target.value })),
    error: !!errors[name],
    helperText: message(name),
  });

  return (
    <FormDialog
      open
      onClose={() => !busy && onClose()}
      onSubmit={submit}
      title={vacation ? t('schedule_vacation_edit') : t('schedule_vacation_add')}
      name="vacation"
      submitLabel={t('save')}
      submitTestId="vacation-submit"
      busy={busy}
    >
      {message('general') && (
        <Alert severity="error" data-testid="vacation-error">
          {message('general')}
        </Alert>
      )}
      {vacation ? (
        <TextField label={t('schedule_user')} value={vacation.userName} disabled sx={{ mt: 1 }} />
      ) : (
        <TextField
          select
          label={t('schedule_user')}
          {...field('user')}
          required
          sx={{ mt: 1 }}
          slotProps={{ htmlInput: { 'data-testid': 'vacation-field-user' } }}
        >
          {users.map((u) => (
            <MenuItem key={u.id} value={String(u.id)}>
              {u.name}
            </MenuItem>
          ))}
        </TextField>
      )}
      <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap' }}>
        <TextField
          type="date"
          label={t('schedule_vacation_from')}
          {...field('from')}
          required
          sx={{ flex: 1, minWidth: 180 }}
          slotProps={{ inputLabel: { shrink: true }, htmlInput: { 'data-testid': 'vacation-field-from' } }}
        />
        <TextField
          type="date"
          label={t('schedule_vacation_to')}
          {...field('to')}
          required
          sx={{ flex: 1, minWidth: 180 }}
          slotProps={{ inputLabel: { shrink: true }, htmlInput: { 'data-testid': 'vacation-field-to', min: values.from || undefined } }}
        />
      </Box>
      <TextField
        label={t('schedule_vacation_note')}
        {...field('note')}
        multiline
        minRows={2}
        slotProps={{ htmlInput: { maxLength: 200, 'data-testid': 'vacation-field-note' } }}
      />
    </FormDialog>
  );
}
