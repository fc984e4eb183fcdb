import CheckCircleOutlined from '@mui/icons-material/CheckCircleOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { QUESTIONNAIRE_LIMITS, type TQuestion } from '@cd/contracts/questionnaires';
import { ApiError } from '../../../lib/api-client';
import { usePublicQuestionnaire } from '../api/get-public-questionnaire';
import { useSubmitQuestionnaireAnswers } from '../api/submit-questionnaire-answers';
import { emptyAnswers, submitBodyOf, validateAnswers, type TAnswerDraft } from '../lib/answer-form';

function QuestionField(props: { q: TQuestion; index: number; value: string | boolean | null; error?: string; onChange: (v: string | boolean | null) => void }) {
  const { t } = useTranslation();
  const { q, index } = props;
  const labelId = `questionnaire-q-${q.id}`;
  const label = (
    <>
      {q.text}
      {!q.required && (
        <Typography component="span" variant="body2" color="text.secondary">
          {' '}
          ({t('questionnaire_page_optional')})
        </Typography>
      )}
    </>
  );
  const error = props.error ? t(props.error) : undefined;
  if (q.kind === 'text' || q.kind === 'number')
    return (
      <Box>
        <Typography id={labelId} component="label" htmlFor={`${labelId}-input`} variant="subtitle1" sx={{ display: 'block', fontWeight: 600, mb: 1 }}>
          {label}
        </Typography>
        <TextField
          id={`${labelId}-input`}
          fullWidth
          multiline={q.kind === 'text'}
          minRows={q.kind === 'text' ? 2 : undefined}
          value={typeof props.value === 'string' ? props.value : ''}
          onChange={(e) => props.onChange(e.target.value)}
          error={Boolean(error)}
          helperText={error}
          slotProps={{
            htmlInput: {
              'data-testid': `questionnaire-answer-${index}`,
              maxLength: q.kind === 'text' ? QUESTIONNAIRE_LIMITS.answerText : 20,
              inputMode: q.kind === 'number' ? 'decimal' : undefined,
              'aria-required': q.required,
            },
          }}
        />
      </Box>
    );
  if (q.kind === 'yes_no')
    return (
      <FormControl error={Boolean(error)} fullWidth>
        <FormLabel id={labelId} sx={{ fontWeight: 600, color: 'text.primary', mb: 1, typography: 'subtitle1' }}>
          {label}
        </FormLabel>
        <ToggleButtonGroup
          exclusive
          fullWidth
          color="primary"
          value={props.value === null ? null : props.value ? 'yes' : 'no'}
          onChange={(_, v: 'yes' | 'no' | null) => props.onChange(v === null ? null : v === 'yes')}
          aria-labelledby={labelId}
        >
          <ToggleButton value="yes" sx={{ py: 1.5, fontWeight: 600 }} data-testid={`questionnaire-answer-${index}-yes`}>
            {t('yes')}
          </ToggleButton>
          <ToggleButton value="no" sx={{ py: 1.5, fontWeight: 600 }} data-testid={`questionnaire-answer-${index}-no`}>
            {t('no')}
          </ToggleButton>
        </ToggleButtonGroup>
        {error && <FormHelperText>{error}</FormHelperText>}
      </FormControl>
    );
  return (
    <FormControl error={Boolean(error)}>
      <FormLabel id={labelId} sx={{ fontWeight: 600, color: 'text.primary', typography: 'subtitle1' }}>
        {label}
      </FormLabel>
      <RadioGroup aria-labelledby={labelId} value={typeof props.value === 'string' ? props.value : ''} onChange={(e) => props.onChange(e.target.value)}>
        {q.options.map((o, i) => (
          <FormControlLabel
            key={o}
            value={o}
            control={<Radio slotProps={{ input: { 'data-testid': `questionnaire-answer-${index}-option-${i}` } as object }} />}
            label={o}
            sx={{ py: 0.25 }}
          />
        ))}
      </RadioGroup>
      {error && <FormHelperText>{error}</FormHelperText>}
    </FormControl>
  );
}

function Thanks() {
  const { t } = useTranslation();
  return (
    <Box
      sx={{ py: 4, px: 2, textAlign: 'center', display: 'flex', flexDirection: 'column', alignItems: 'center', gap: 1.5 }}
      data-testid="questionnaire-thanks"
    >
      <CheckCircleOutlined color="success" sx={{ fontSize: 56 }} />
      <Typography variant="h6" component="h1" sx={{ fontWeight: 700 }}>
        {t('questionnaire_page_thanks_title')}
      </Typography>
      <Typography color="text.secondary">{t('questionnaire_page_thanks_text')}</Typography>
    </Box>
  );
}

function PageError({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const { t } = useTranslation();
  const status = error instanceof ApiError ? error.status : 0;
  const key = status === 404 || status === 400 ? 'link_not_found' : status === 410 ? 'link_expired' : 'public_page_load_failed';
  return (
    <Box sx={{ p: 2, display: 'flex', flexDirection: 'column', gap: 2 }}>
      <Alert severity={key === 'public_page_load_failed' ? 'error' : 'info'} data-testid="questionnaire-page-error" data-error={key}>
        <Typography variant="subtitle2" component="div" sx={{ fontWeight: 700 }}>
          {t(key)}
        </Typography>
        {key !== 'public_page_load_failed' && t(`${key}_hint`)}
      </Alert>
      {key === 'public_page_load_failed' && (
        <Button variant="outlined" onClick={onRetry}>
          {t('public_page_retry')}
        </Button>
      )}
    </Box>
  );
}

/**
 * The questionnaire link's page body (inside the public pages' branded frame, phone first): the questions, answered
 * once; the thanks once answered; or why the link no longer works.
 */
export function PublicQuestionnaireView({ code }: { code: string }) {
  const { t } = useTranslation();
  const query = usePublicQuestionnaire(code);
  const submit = useSubmitQuestionnaireAnswers(code);
  const [draft, setDraft] = useState<TAnswerDraft | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failed, setFailed] = useState<string | null>(null);
  if (query.isPending)
    return (
      <Box sx={{ display: 'flex', justifyContent: 'center', py: 8 }}>
        <CircularProgress aria-label={t('loading')} />
      </Box>
    );
  if (query.isError) return <PageError error={query.error} onRetry={() => void query.refetch()} />;
  const page = query.data;
  if (page.answeredAt) return <Thanks />;
  const answers = draft ?? emptyAnswers(page.questions);
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    const found = validateAnswers(page.questions, answers);
    setErrors(found);
    setFailed(null);
    if (Object.keys(found).length > 0) return;
    submit.mutate(submitBodyOf(page.questions, answers), {
      onError: (err) => {
        if (err instanceof ApiError && err.status === 409) return void query.refetch();
        if (err instanceof ApiError && err.status === 422 && err.violations.length > 0)
          return setErrors(Object.fromEntries(err.violations.map((v) => [v.propertyPath.replace(/^answers\[(.*)\]$/, '$1'), 'questionnaire_page_invalid'])));
        setFailed(t(err instanceof ApiError && err.status === 410 ? 'link_expired' : 'questionnaire_page_send_failed'));
      },
    });
  };
  return (
    <Box
      component="form"
      noValidate
      onSubmit={onSubmit}
      sx={{ px: 2, pt: 2, pb: 3, display: 'flex', flexDirection: 'column', gap: 3 }}
      data-testid="questionnaire-page"
    >
      <Box>
        <Typography variant="h6" component="h1" sx={{ fontWeight: 700, overflowWrap: 'anywhere' }}>
          {page.name}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {t('questionnaire_page_intro')}
        </Typography>
      </Box>
      {page.questions.map((q, i) => (
        <QuestionField
          key={q.id}
          q={q}
          index={i}
          value={answers[q.id] ?? null}
          error={errors[q.id]}
          onChange={(v) => {
            setDraft({ ...answers, [q.id]: v });
            // An answer given clears that question's message; the others stay until the next send.
            if (errors[q.id]) setErrors(({ [q.id]: _fixed, ...rest }) => rest);
          }}
        />
      ))}
      {failed && <Alert severity="error">{failed}</Alert>}
      <Button
        type="submit"
        variant="contained"
        size="large"
        fullWidth
        disabled={submit.isPending}
        startIcon={submit.isPending ? <CircularProgress size={18} color="inherit" /> : undefined}
        data-testid="questionnaire-submit-answers"
      >
        {t('questionnaire_page_send')}
      </Button>
    </Box>
  );
}
