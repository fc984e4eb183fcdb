import { useState } from 'react';
import ThumbDown from '@mui/icons-material/ThumbDown';
import ThumbDownOutlined from '@mui/icons-material/ThumbDownOutlined';
import ThumbUp from '@mui/icons-material/ThumbUp';
import ThumbUpOutlined from '@mui/icons-material/ThumbUpOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { TPublicSurveyPage } from '@cd/contracts/customer-link';
import { SURVEY_COMMENT_MAX, SURVEY_TEXT_ANSWER_MAX } from '@cd/contracts/survey';
import { useAnswerSurvey } from '../api/answer-survey';
import { linkPageQueryKey } from '../api/get-link-page';
import {
  EMPTY_SURVEY_FORM,
  hasSurveyErrors,
  surveyAnswerBodyOf,
  surveyQuestionsOf,
  surveySendErrorOf,
  surveyTextOf,
  validateSurveyForm,
  type TSurveyForm,
  type TSurveyQuestion,
  type TSurveySendError,
} from '../lib/survey-page';
import { OrderHead } from './link-parts';
import { SurveyThanks } from './link-survey-thanks';

/** Large thumbs up / down: the one required answer. Buttons keep their size when chosen, so nothing below moves. */
function ChoiceButtons({ value, label, onChange }: { value: boolean | null; label: string; onChange: (v: boolean) => void }) {
  const { t } = useTranslation();
  const choiceSx = (selected: 'success.main' | 'error.main') =>
    ({
      flexDirection: 'column',
      gap: 0.75,
      py: 2,
      minHeight: 104,
      fontSize: '1rem',
      fontWeight: 600,
      textTransform: 'none',
      color: 'text.primary',
      // The chosen side is framed in its colour too; its icon turns solid, so the choice does not rest on colour alone.
      '&.Mui-selected, &.Mui-selected:hover': { borderColor: selected },
    }) as const;
  return (
    <ToggleButtonGroup
      exclusive
      fullWidth
      value={value === null ? null : value ? 'positive' : 'negative'}
      onChange={(_, v: 'positive' | 'negative' | null) => v && onChange(v === 'positive')}
      aria-label={label}
      sx={{ gap: 1.5, '& .MuiToggleButtonGroup-grouped': { borderRadius: 2, border: 1, borderColor: 'divider', m: 0 } }}
    >
      <ToggleButton value="positive" color="success" sx={choiceSx('success.main')} data-testid="survey-choice-positive">
        {value === true ? <ThumbUp sx={{ fontSize: 40 }} /> : <ThumbUpOutlined sx={{ fontSize: 40 }} />}
        {t('survey_page_positive')}
      </ToggleButton>
      <ToggleButton value="negative" color="error" sx={choiceSx('error.main')} data-testid="survey-choice-negative">
        {value === false ? <ThumbDown sx={{ fontSize: 40 }} /> : <ThumbDownOutlined sx={{ fontSize: 40 }} />}
        {t('survey_page_negative')}
      </ToggleButton>
    </ToggleButtonGroup>
  );
}

function QuestionField({ question, value, error, onChange }: { question: TSurveyQuestion; value: string; error?: string; onChange: (v: string) => void }) {
  const { t } = useTranslation();
  const labelId = `survey-question-label-${question.id}`;
  if (question.answerType === 'text')
    return (
      <TextField
        label={question.question}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        multiline
        minRows={2}
        fullWidth
        error={!!error}
        helperText={error ? t(error, { max: SURVEY_TEXT_ANSWER_MAX }) : undefined}
        slotProps={{ htmlInput: { maxLength: SURVEY_TEXT_ANSWER_MAX, 'data-testid': `survey-question-${question.id}-input` } }}
        data-testid={`survey-question-${question.id}`}
      />
    );
  return (
    <FormControl component="fieldset" data-testid={`survey-question-${question.id}`} sx={{ gap: 1 }}>
      <FormLabel id={labelId} component="legend" sx={{ color: 'text.primary', fontWeight: 500, mb: 1, '&.Mui-focused': { color: 'text.primary' } }}>
        {question.question}
      </FormLabel>
      <RadioGroup aria-labelledby={labelId} value={value} onChange={(e) => onChange(e.target.value)} sx={{ gap: 1 }}>
        {question.answers.map((a, i) => (
          <FormControlLabel
            key={`${i}-${a}`}
            value={a}
            control={<Radio />}
            label={a}
            data-testid={`survey-question-${question.id}-option-${i}`}
            sx={{
              m: 0,
              pr: 1.5,
              minHeight: 48,
              borderRadius: 2,
              border: 1,
              borderColor: value === a ? 'primary.main' : 'divider',
              bgcolor: value === a ? 'action.selected' : 'transparent',
              '& .MuiFormControlLabel-label': { overflowWrap: 'anywhere' },
            }}
          />
        ))}
      </RadioGroup>
    </FormControl>
  );
}

function SendError({ error }: { error: TSurveySendError }) {
  const { t } = useTranslation();
  return (
    <Alert severity={error === 'link_expired' ? 'info' : 'error'} role="alert" data-testid="survey-error" data-error={error}>
      {error === 'link_expired' ? (
        <>
          <Typography variant="subtitle2" component="div" sx={{ fontWeight: 700 }}>
            {t('link_expired')}
          </Typography>
          {t('link_expired_hint')}
        </>
      ) : (
        t(error)
      )}
    </Alert>
  );
}

/**
 * Satisfaction survey: the question with a thumbs up / down, then the branch's questions and a comment, sent once; then
 * the thanks and the review links on both branches. Everything typed stays in place when sending fails.
 */
export function LinkSurveyView({ page, code }: { page: TPublicSurveyPage; code: string }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const send = useAnswerSurvey();
  const [form, setForm] = useState<TSurveyForm>(EMPTY_SURVEY_FORM);
  const [error, setError] = useState<TSurveySendError | null>(null);
  const [showErrors, setShowErrors] = useState(false);
  // A 409 means the answer is already in (another tab, a double tap): thank at once while the page reloads.
  const [alreadyAnswered, setAlreadyAnswered] = useState(false);

  const question = surveyTextOf({ custom: page.texts.question, fallbackKey: 'survey_page_question_default' });
  const questionText = 'text' in question ? question.text : t(question.key);

  if (page.answeredAt || alreadyAnswered)
    return (
      <Box data-testid="survey-page" data-state="answered">
        <OrderHead page={page} title={t('survey_page_thanks_title')} />
        <SurveyThanks page={page} code={code} answer={page.answer ?? form.answer} />
      </Box>
    );

  const errors = validateSurveyForm({ page, form });
  const questions = surveyQuestionsOf({ page, answer: form.answer });
  const sendLabel = surveyTextOf({ custom: page.texts.sendButton, fallbackKey: 'survey_page_send_default' });
  const update = (patch: Partial<TSurveyForm>) => {
    setError(null);
    setForm((f) => ({ ...f, ...patch }));
  };

  const submit = () => {
    const body = surveyAnswerBodyOf({ page, form });
    if (!body || body.action !== 'answer') {
      setShowErrors(true);
      return;
    }
    if (send.isPending) return;
    setError(null);
    send.mutate(
      { code, body },
      {
        onError: (err) => {
          const kind = surveySendErrorOf(err);
          if (kind === 'already_answered') {
            setAlreadyAnswered(true);
            void queryClient.invalidateQueries({ queryKey: linkPageQueryKey(code) });
          } else setError(kind);
        },
      },
    );
  };

  return (
    <Box data-testid="survey-page" data-state="open">
      <OrderHead page={page} title={questionText} />
      <Box
        component="form"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
        sx={{ px: 2, pt: 1, pb: 3, display: 'flex', flexDirection: 'column', gap: 2.5 }}
      >
        <ChoiceButtons value={form.answer} label={questionText} onChange={(answer) => update({ answer })} />
        {form.answer === null ? (
          <Typography variant="body2" color="text.secondary" sx={{ textAlign: 'center' }}>
            {t('survey_page_choose_hint')}
          </Typography>
        ) : (
          <>
            {questions.map((q) => (
              <QuestionField
                key={q.id}
                question={q}
                value={form.answers[q.id] ?? ''}
                error={showErrors ? errors.answers[q.id] : undefined}
                onChange={(v) => update({ answers: { ...form.answers, [q.id]: v } })}
              />
            ))}
            <TextField
              label={t('survey_page_comment_label')}
              placeholder={t(form.answer ? 'survey_page_comment_placeholder_positive' : 'survey_page_comment_placeholder_negative')}
              value={form.comment}
              onChange={(e) => update({ comment: e.target.value })}
              multiline
              minRows={3}
              fullWidth
              error={!!errors.comment}
              helperText={
                <Box component="span" sx={{ display: 'flex', justifyContent: 'space-between', gap: 1 }}>
                  <span>{errors.comment ? t(errors.comment, { max: SURVEY_COMMENT_MAX }) : t('survey_page_optional')}</span>
                  <span data-testid="survey-comment-count">{t('survey_page_characters', { count: form.comment.length, max: SURVEY_COMMENT_MAX })}</span>
                </Box>
              }
              slotProps={{ htmlInput: { maxLength: SURVEY_COMMENT_MAX, 'data-testid': 'survey-comment' }, formHelperText: { component: 'div' } }}
            />
            {error && <SendError error={error} />}
            <Button
              type="submit"
              variant="contained"
              size="large"
              loading={send.isPending}
              disabled={hasSurveyErrors(errors) || error === 'link_expired'}
              sx={{ minHeight: 52, fontSize: '1rem', fontWeight: 700 }}
              data-testid="survey-send"
            >
              {'text' in sendLabel ? sendLabel.text : t(sendLabel.key)}
            </Button>
            <Typography variant="caption" color="text.secondary" sx={{ textAlign: 'center', mt: -1.5 }}>
              {t('survey_page_change_hint')}
            </Typography>
          </>
        )}
      </Box>
    </Box>
  );
}
