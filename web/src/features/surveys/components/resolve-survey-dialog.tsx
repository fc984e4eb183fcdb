import { useState } from 'react';
import Alert from '@mui/material/Alert';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { SURVEY_COMMENT_MAX, type TSurvey } from '@cd/contracts/survey';
import { FormDialog } from '../../../components/ui/form-dialog';
import { ApiError } from '../../../lib/api-client';
import { toastSuccess } from '../../../lib/toast';
import { useResolveSurvey } from '../api/resolve-survey';

/** Resolve a negative answer with an optional note of what was done; a refusal (already resolved…) shows the server's words. */
export function ResolveSurveyDialog({ survey, onClose }: { survey: TSurvey; onClose: () => void }) {
  const { t } = useTranslation();
  const resolve = useResolveSurvey();
  const [note, setNote] = useState('');
  const error = resolve.error instanceof ApiError ? resolve.error.message : resolve.error ? t('surveys_resolve_failed') : null;

  return (
    <FormDialog
      open
      name="survey-resolve"
      title={t('surveys_resolve_title')}
      submitLabel={t('surveys_resolve')}
      submitTestId="survey-resolve-confirm"
      busy={resolve.isPending}
      onClose={() => {
        if (!resolve.isPending) onClose();
      }}
      onSubmit={(e) => {
        e.preventDefault();
        resolve.mutate(
          { id: survey.id, note },
          {
            onSuccess: () => {
              toastSuccess(t('surveys_resolved_toast'));
              onClose();
            },
          },
        );
      }}
    >
      <Typography variant="body2" color="text.secondary">
        {t('surveys_resolve_text', { customer: survey.customer.name })}
      </Typography>
      {survey.comment && (
        <Typography variant="body2" sx={{ fontStyle: 'italic', borderLeft: 3, borderColor: 'error.main', pl: 1.5 }}>
          “{survey.comment}”
        </Typography>
      )}
      <TextField
        id="survey-resolve-note"
        label={t('surveys_resolve_note')}
        placeholder={t('surveys_resolve_note_placeholder')}
        value={note}
        onChange={(e) => setNote(e.target.value)}
        multiline
        minRows={3}
        autoFocus
        slotProps={{ htmlInput: { maxLength: SURVEY_COMMENT_MAX, 'data-testid': 'survey-resolve-note' } }}
      />
      {error && (
        <Alert severity="error" data-testid="survey-resolve-error">
          {error}
        </Alert>
      )}
    </FormDialog>
  );
}
