import Add from '@mui/icons-material/Add';
import ArrowDownward from '@mui/icons-material/ArrowDownward';
import ArrowUpward from '@mui/icons-material/ArrowUpward';
import Close from '@mui/icons-material/Close';
import DeleteOutline from '@mui/icons-material/DeleteOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import FormHelperText from '@mui/material/FormHelperText';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { moveItem, newQuestion, type TSurveyQuestion } from '../lib/survey-questions';

interface TProps {
  /** `negativeResponseQuestions` or `positiveResponseQuestions`: names errors and test ids. */
  name: string;
  title: string;
  questions: TSurveyQuestion[];
  editing: boolean;
  onChange: (questions: TSurveyQuestion[]) => void;
  /** Translated error for a path like `${name}.0.question`. */
  errorOf: (path: string) => string | undefined;
}

/** Follow-up questions after a survey answer: add, remove and reorder; a choice question lists its answers. */
export function SurveyQuestionsEditor({ name, title, questions, editing, onChange, errorOf }: TProps) {
  const { t } = useTranslation();
  const setAt = (i: number, patch: Partial<TSurveyQuestion>) => onChange(questions.map((q, j) => (j === i ? { ...q, ...patch } : q)));

  return (
    <Box data-testid={`survey-${name}`}>
      <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600, mb: 1 }}>
        {title}
      </Typography>
      {questions.length === 0 && (
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
          {t('survey_no_questions')}
        </Typography>
      )}
      <Box component="ol" sx={{ listStyle: 'none', p: 0, m: 0, display: 'flex', flexDirection: 'column', gap: 1.5 }}>
        {questions.map((q, i) =>
          editing ? (
            <Paper component="li" variant="outlined" key={q.id} sx={{ p: 1.5 }} data-testid={`survey-${name}-${i}`}>
              <Box sx={{ display: 'flex', gap: 1, alignItems: 'flex-start', flexWrap: { xs: 'wrap', sm: 'nowrap' } }}>
                <TextField
                  size="small"
                  fullWidth
                  label={t('survey_question_n', { n: i + 1 })}
                  value={q.question}
                  onChange={(e) => setAt(i, { question: e.target.value })}
                  error={!!errorOf(`${name}.${i}.question`)}
                  helperText={errorOf(`${name}.${i}.question`)}
                  slotProps={{ htmlInput: { 'data-testid': `survey-${name}-${i}-question`, maxLength: 500 } }}
                />
                <TextField
                  select
                  size="small"
                  label={t('survey_answer_type')}
                  value={q.answerType}
                  onChange={(e) => setAt(i, { answerType: e.target.value as TSurveyQuestion['answerType'], answers: q.answers.length ? q.answers : [''] })}
                  sx={{ minWidth: 150 }}
                >
                  <MenuItem value="choice">{t('survey_answer_type_choice')}</MenuItem>
                  <MenuItem value="text">{t('survey_answer_type_text')}</MenuItem>
                </TextField>
                <Box sx={{ display: 'flex', flexShrink: 0 }}>
                  <Tooltip title={t('move_up')}>
                    <span>
                      <IconButton aria-label={t('move_up')} disabled={i === 0} onClick={() => onChange(moveItem(questions, i, -1))}>
                        <ArrowUpward fontSize="small" />
                      </IconButton>
                    </span>
                  </Tooltip>
                  <Tooltip title={t('move_down')}>
                    <span>
                      <IconButton aria-label={t('move_down')} disabled={i === questions.length - 1} onClick={() => onChange(moveItem(questions, i, 1))}>
                        <ArrowDownward fontSize="small" />
                      </IconButton>
                    </span>
                  </Tooltip>
                  <Tooltip title={t('survey_remove_question')}>
                    <IconButton
                      aria-label={t('survey_remove_question')}
                      onClick={() => onChange(questions.filter((_, j) => j !== i))}
                      data-testid={`survey-${name}-${i}-remove`}
                    >
                      <DeleteOutline fontSize="small" />
                    </IconButton>
                  </Tooltip>
                </Box>
              </Box>
              {q.answerType === 'choice' && (
                <Box sx={{ mt: 1.5, pl: { sm: 2 }, display: 'flex', flexDirection: 'column', gap: 1 }}>
                  {q.answers.map((answer, k) => (
                    <Box key={k} sx={{ display: 'flex', gap: 1, alignItems: 'center' }}>
                      <TextField
                        size="small"
                        fullWidth
                        label={t('survey_answer_n', { n: k + 1 })}
                        value={answer}
                        onChange={(e) => setAt(i, { answers: q.answers.map((a, m) => (m === k ? e.target.value : a)) })}
                        slotProps={{ htmlInput: { 'data-testid': `survey-${name}-${i}-answer-${k}`, maxLength: 200 } }}
                      />
                      <IconButton aria-label={t('survey_remove_answer')} onClick={() => setAt(i, { answers: q.answers.filter((_, m) => m !== k) })}>
                        <Close fontSize="small" />
                      </IconButton>
                    </Box>
                  ))}
                  {errorOf(`${name}.${i}.answers`) && <FormHelperText error>{errorOf(`${name}.${i}.answers`)}</FormHelperText>}
                  <Box>
                    <Button size="small" startIcon={<Add />} onClick={() => setAt(i, { answers: [...q.answers, ''] })} disabled={q.answers.length >= 20}>
                      {t('survey_add_answer')}
                    </Button>
                  </Box>
                </Box>
              )}
            </Paper>
          ) : (
            <Box component="li" key={q.id} sx={{ display: 'flex', gap: 1, alignItems: 'baseline' }} data-testid={`survey-${name}-${i}`}>
              <Typography variant="body2" color="text.secondary" sx={{ minWidth: 20 }}>
                {i + 1}.
              </Typography>
              <Box sx={{ minWidth: 0 }}>
                <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
                  {q.question}{' '}
                  <Typography component="span" variant="caption" color="text.secondary">
                    ({t(`survey_answer_type_${q.answerType}`)})
                  </Typography>
                </Typography>
                {q.answerType === 'choice' && q.answers.length > 0 && (
                  <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5, mt: 0.5 }}>
                    {q.answers.map((a, k) => (
                      <Chip key={k} size="small" variant="outlined" label={a} />
                    ))}
                  </Box>
                )}
              </Box>
            </Box>
          ),
        )}
      </Box>
      {editing && (
        <Button
          size="small"
          startIcon={<Add />}
          sx={{ mt: 1 }}
          onClick={() => onChange([...questions, newQuestion()])}
          disabled={questions.length >= 20}
          data-testid={`survey-${name}-add`}
        >
          {t('survey_add_question')}
        </Button>
      )}
    </Box>
  );
}
