import AddIcon from '@mui/icons-material/Add';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { REMINDER_LIMITS } from '@cd/contracts/reminders';
import { ApiError } from '../../../lib/api-client';
import { useCreateReminder } from '../api/create-reminder';
import { nextFullHour, toLocalInputValue } from '../lib/dashboard-format';

/** Adds a reminder: a text and a due date-time (the browser's local time, sent as an instant). */
export function ReminderForm() {
  const { t } = useTranslation();
  const create = useCreateReminder();
  const [text, setText] = useState('');
  const [due, setDue] = useState(() => toLocalInputValue(nextFullHour(new Date())));
  const [errors, setErrors] = useState<{ text?: string; dueAt?: string }>({});

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const dueDate = due ? new Date(due) : null;
    const next = {
      text: text.trim() ? undefined : t('dashboard_reminder_text_required'),
      dueAt: dueDate && !Number.isNaN(dueDate.getTime()) ? undefined : t('dashboard_reminder_due_required'),
    };
    setErrors(next);
    if (next.text || next.dueAt || !dueDate) return;
    create.mutate(
      { text: text.trim(), dueAt: dueDate.toISOString() },
      {
        onSuccess: () => {
          setText('');
          setErrors({});
        },
        onError: (err) => {
          if (!(err instanceof ApiError)) return;
          const found: { text?: string; dueAt?: string } = {};
          for (const v of err.violations) if (v.propertyPath === 'text' || v.propertyPath === 'dueAt') found[v.propertyPath] = v.message;
          setErrors(found);
        },
      },
    );
  };

  return (
    <Box
      component="form"
      onSubmit={submit}
      noValidate
      sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', alignItems: 'flex-start', displayPrint: 'none' }}
      data-testid="reminder-form"
    >
      <TextField
        size="small"
        label={t('dashboard_reminder_text')}
        value={text}
        onChange={(e) => setText(e.target.value)}
        error={!!errors.text}
        helperText={errors.text}
        slotProps={{ htmlInput: { maxLength: REMINDER_LIMITS.text, 'data-testid': 'reminder-text' } }}
        sx={{ flex: '1 1 100%' }}
      />
      <TextField
        size="small"
        type="datetime-local"
        label={t('dashboard_reminder_due')}
        value={due}
        onChange={(e) => setDue(e.target.value)}
        error={!!errors.dueAt}
        helperText={errors.dueAt}
        slotProps={{ inputLabel: { shrink: true }, htmlInput: { 'data-testid': 'reminder-due' } }}
        sx={{ flex: '1 1 230px' }}
      />
      <Button type="submit" variant="contained" startIcon={<AddIcon />} disabled={create.isPending} data-testid="reminder-add" sx={{ height: 40 }}>
        {t('dashboard_reminder_add')}
      </Button>
    </Box>
  );
}
