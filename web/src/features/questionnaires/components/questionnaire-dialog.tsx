import AddOutlined from '@mui/icons-material/AddOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { QUESTIONNAIRE_LIMITS, type TQuestionnaire } from '@cd/contracts/questionnaires';
import { FormDialog } from '../../../components/ui/form-dialog';
import { ApiError } from '../../../lib/api-client';
import { toastSuccess } from '../../../lib/toast';
import { useCreateQuestionnaire } from '../api/create-questionnaire';
import { useUpdateQuestionnaire } from '../api/update-questionnaire';
import { bodyOf, draftOf, fieldOfViolation, moveQuestion, newQuestionDraft, validateDraft, type TQuestionnaireDraft } from '../lib/questionnaire-form';
import { QuestionEditor } from './question-editor';

/** The builder: a new questionnaire, or (with `questionnaire`) a change to one. Questions are edited, reordered and removed in place. */
export function QuestionnaireDialog({ questionnaire, onClose }: { questionnaire?: TQuestionnaire; onClose: () => void }) {
  const { t } = useTranslation();
  const create = useCreateQuestionnaire();
  const update = useUpdateQuestionnaire();
  const busy = create.isPending || update.isPending;
  const [draft, setDraft] = useState<TQuestionnaireDraft>(() => draftOf(questionnaire));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [serverError, setServerError] = useState<string | null>(null);

  const setQuestions = (questions: TQuestionnaireDraft['questions']) => setDraft((d) => ({ ...d, questions }));
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const found = validateDraft(draft);
    setErrors(found);
    setServerError(null);
    if (Object.keys(found).length > 0) return;
    const onError = (err: Error) => {
      if (err instanceof ApiError && err.violations.length > 0)
        setErrors(Object.fromEntries(err.violations.map((v) => [fieldOfViolation(draft, v.propertyPath), v.message])));
      else setServerError(err.message);
    };
    const onSuccess = () => {
      toastSuccess(t('questionnaires_saved'));
      onClose();
    };
    const body = bodyOf(draft);
    if (questionnaire) update.mutate({ id: questionnaire.id, body }, { onSuccess, onError });
    else create.mutate(body, { onSuccess, onError });
  };
  return (
    <FormDialog
      open
      onClose={() => !busy && onClose()}
      onSubmit={submit}
      title={questionnaire ? t('questionnaires_edit') : t('questionnaires_new')}
      name="questionnaire"
      submitLabel={questionnaire ? t('questionnaires_save') : t('questionnaires_create')}
      submitTestId="questionnaire-submit"
      busy={busy}
      maxWidth="md"
    >
      <TextField
        label={t('questionnaires_name')}
        value={draft.name}
        onChange={(e) => setDraft((d) => ({ ...d, name: e.target.value }))}
        error={Boolean(errors.name)}
        helperText={errors.name ? t(errors.name) : undefined}
        required
        autoFocus
        slotProps={{ htmlInput: { maxLength: QUESTIONNAIRE_LIMITS.name, 'data-testid': 'questionnaire-name' } }}
      />
      {errors.questions && <Alert severity="error">{t(errors.questions)}</Alert>}
      {serverError && <Alert severity="error">{serverError}</Alert>}
      {draft.questions.map((q, i) => (
        <QuestionEditor
          key={q.key}
          question={q}
          index={i}
          count={draft.questions.length}
          errors={errors}
          onChange={(next) => setQuestions(draft.questions.map((x) => (x.key === q.key ? next : x)))}
          onMove={(by) => setQuestions(moveQuestion(draft.questions, i, by))}
          onRemove={() => setQuestions(draft.questions.filter((x) => x.key !== q.key))}
        />
      ))}
      <Box>
        <Button
          startIcon={<AddOutlined />}
          onClick={() => setQuestions([...draft.questions, newQuestionDraft()])}
          disabled={draft.questions.length >= QUESTIONNAIRE_LIMITS.questions}
          data-testid="questionnaire-add-question"
        >
          {t('questionnaires_add_question')}
        </Button>
      </Box>
    </FormDialog>
  );
}
