import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { SUPPORT_LIMITS, SUPPORT_MESSAGES } from '@cd/contracts/support';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { ApiError } from '../../../lib/api-client';
import { translateMessage } from '../../../lib/i18n';
import { useSendSupportRequest } from '../api/send-support-request';
import { browserContextOf } from '../lib/browser-context';

type TField = 'subject' | 'message';

/** What went wrong, in words the form can show: a field, "not set up" (422), "too many" (429), or anything else. */
function problemOf(error: unknown): { kind: 'fields'; fields: Partial<Record<TField, string>> } | { kind: 'notConfigured' | 'tooMany' | 'failed' } {
  if (!(error instanceof ApiError)) return { kind: 'failed' };
  if (error.status === 429) return { kind: 'tooMany' };
  const detail = (error.body as { detail?: unknown } | null)?.detail;
  if (error.status === 422 && detail === SUPPORT_MESSAGES.notConfigured) return { kind: 'notConfigured' };
  const fields: Partial<Record<TField, string>> = {};
  for (const v of error.violations) if (v.propertyPath === 'subject' || v.propertyPath === 'message') fields[v.propertyPath] = translateMessage(v.message);
  return Object.keys(fields).length ? { kind: 'fields', fields } : { kind: 'failed' };
}

/** The question form: subject and message; the browser's context goes along (shown, so the user knows). */
export function SupportForm({ onNotConfigured }: { onNotConfigured: () => void }) {
  const { t } = useTranslation();
  const location = useLocation();
  const send = useSendSupportRequest();
  const [subject, setSubject] = useState('');
  const [message, setMessage] = useState('');
  const [touched, setTouched] = useState(false);
  const [sent, setSent] = useState<string | null>(null);
  const context = browserContextOf({ location, userAgent: navigator.userAgent, width: window.innerWidth, height: window.innerHeight });
  const problem = send.error ? problemOf(send.error) : null;
  const fieldError = (field: TField, value: string) => {
    if (problem?.kind === 'fields' && problem.fields[field]) return problem.fields[field];
    return touched && !value.trim() ? t('support_required') : undefined;
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    setTouched(true);
    if (!subject.trim() || !message.trim()) return;
    send.mutate(
      { subject: subject.trim(), message: message.trim(), ...context },
      {
        onSuccess: (res) => {
          setSent(res.reference);
          setSubject('');
          setMessage('');
          setTouched(false);
        },
        onError: (err) => {
          if (problemOf(err).kind === 'notConfigured') onNotConfigured();
        },
      },
    );
  };

  if (sent)
    return (
      <Alert
        severity="success"
        data-testid="support-sent"
        action={
          <Button color="inherit" size="small" onClick={() => setSent(null)} data-testid="support-send-another">
            {t('support_send_another')}
          </Button>
        }
      >
        {t('support_sent')}{' '}
        <Box component="strong" sx={{ fontFamily: 'monospace' }} data-testid="support-reference">
          {sent}
        </Box>
      </Alert>
    );

  return (
    <Box component="form" noValidate onSubmit={submit} sx={{ display: 'flex', flexDirection: 'column', gap: 2 }} data-testid="support-form">
      {problem && problem.kind !== 'fields' && (
        <Alert severity={problem.kind === 'failed' ? 'error' : 'warning'} data-testid="support-problem" data-kind={problem.kind}>
          {t(problem.kind === 'tooMany' ? 'support_too_many' : problem.kind === 'notConfigured' ? 'support_not_configured' : 'support_failed')}
        </Alert>
      )}
      <TextField
        label={t('support_subject')}
        value={subject}
        onChange={(e) => setSubject(e.target.value)}
        required
        error={!!fieldError('subject', subject)}
        helperText={fieldError('subject', subject) ?? `${subject.length}/${SUPPORT_LIMITS.subject}`}
        slotProps={{ htmlInput: { maxLength: SUPPORT_LIMITS.subject, 'data-testid': 'support-subject' } }}
      />
      <TextField
        label={t('support_message')}
        value={message}
        onChange={(e) => setMessage(e.target.value)}
        required
        multiline
        minRows={6}
        error={!!fieldError('message', message)}
        helperText={fieldError('message', message) ?? `${message.length}/${SUPPORT_LIMITS.message}`}
        slotProps={{ htmlInput: { maxLength: SUPPORT_LIMITS.message, 'data-testid': 'support-message' } }}
      />
      <Typography variant="body2" color="text.secondary" data-testid="support-context">
        {t('support_context_note', { page: context.page, viewport: context.viewport })}
      </Typography>
      <Box>
        <Button
          type="submit"
          variant="contained"
          disabled={send.isPending}
          data-testid="support-send"
          startIcon={send.isPending ? <CircularProgress size={16} /> : undefined}
        >
          {t('support_send')}
        </Button>
      </Box>
    </Box>
  );
}
