import AddOutlined from '@mui/icons-material/AddOutlined';
import ArrowDownwardOutlined from '@mui/icons-material/ArrowDownwardOutlined';
import ArrowUpwardOutlined from '@mui/icons-material/ArrowUpwardOutlined';
import CloseOutlined from '@mui/icons-material/CloseOutlined';
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { QUESTION_KINDS, QUESTIONNAIRE_LIMITS, type TQuestionKind } from '@cd/contracts/questionnaires';
import { withKind, type TQuestionDraft } from '../lib/questionnaire-form';

export const KIND_LABEL: Record<TQuestionKind, string> = {
  text: 'questionnaires_kind_text',
  choice: 'questionnaires_kind_choice',
  yes_no: 'questionnaires_kind_yes_no',
  number: 'questionnaires_kind_number',
};

/**
 * One question of the builder: its text, kind, whether it must be answered, the options of a choice, and buttons to
 * move it up or down or remove it (each with a label, reachable by keyboard).
 */
export function QuestionEditor(props: {
  question: TQuestionDraft;
  index: number;
  count: number;
  errors: Record<string, string>;
  onChange: (q: TQuestionDraft) => void;
  onMove: (by: -1 | 1) => void;
  onRemove: () => void;
}) {
  const { t } = useTranslation();
  const { question: q, index, errors } = props;
  const error = (field: string) => errors[`q.${q.key}.${field}`];
  const setOption = (i: number, value: string) => props.onChange({ ...q, options: q.options.map((o, j) => (j === i ? value : o)) });
  const position = t('questionnaires_question_n', { n: index + 1 });
  return (
    <Paper variant="outlined" sx={{ p: 1.5, display: 'flex', flexDirection: 'column', gap: 1.5 }} data-testid={`question-${index}`}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.5 }}>
        <Typography variant="subtitle2" sx={{ flex: 1, fontWeight: 700 }}>
          {position}
        </Typography>
        <Tooltip title={t('questionnaires_move_up')}>
          <span>
            <IconButton
              size="small"
              aria-label={`${t('questionnaires_move_up')}: ${position}`}
              disabled={index === 0}
              onClick={() => props.onMove(-1)}
              data-testid={`question-${index}-up`}
            >
              <ArrowUpwardOutlined fontSize="small" />
            </IconButton>
          </span>
        </Tooltip>
        <Tooltip title={t('questionnaires_move_down')}>
          <span>
            <IconButton
              size="small"
              aria-label={`${t('questionnaires_move_down')}: ${position}`}
              disabled={index === props.count - 1}
              onClick={() => props.onMove(1)}
              data-testid={`question-${index}-down`}
            >
              <ArrowDownwardOutlined fontSize="small" />
            </IconButton>
          </span>
        </Tooltip>
        <Tooltip title={t('questionnaires_remove_question')}>
          <span>
            <IconButton
              size="small"
              aria-label={`${t('questionnaires_remove_question')}: ${position}`}
              disabled={props.count === 1}
              onClick={props.onRemove}
              data-testid={`question-${index}-remove`}
            >
              <DeleteOutlined fontSize="small" />
            </IconButton>
          </span>
        </Tooltip>
      </Box>
      <TextField
        label={t('questionnaires_question_text')}
        value={q.text}
        onChange={(e) => props.onChange({ ...q, text: e.target.value })}
        error={Boolean(error('text'))}
        helperText={error('text') ? t(error('text')!) : undefined}
        multiline
        required
        slotProps={{ htmlInput: { maxLength: QUESTIONNAIRE_LIMITS.questionText, 'data-testid': `question-${index}-text` } }}
      />
      <Box sx={{ display: 'flex', gap: 2, alignItems: 'center', flexWrap: 'wrap' }}>
        <TextField
          select
          size="small"
          label={t('questionnaires_question_kind')}
          value={q.kind}
          onChange={(e) => props.onChange(withKind(q, e.target.value as TQuestionKind))}
          sx={{ minWidth: 180 }}
          slotProps={{ select: { SelectDisplayProps: { 'data-testid': `question-${index}-kind` } as object } }}
        >
          {QUESTION_KINDS.map((k) => (
            <MenuItem key={k} value={k} data-testid={`kind-option-${k}`}>
              {t(KIND_LABEL[k])}
            </MenuItem>
          ))}
        </TextField>
        <FormControlLabel
          control={
            <Switch
              checked={q.required}
              onChange={(e) => props.onChange({ ...q, required: e.target.checked })}
              slotProps={{ input: { 'data-testid': `question-${index}-required` } as object }}
            />
          }
          label={t('questionnaires_required_answer')}
        />
      </Box>
      {q.kind === 'choice' && (
        <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1, pl: { xs: 0, sm: 2 } }}>
          {q.options.map((o, i) => (
            <Box key={i} sx={{ display: 'flex', gap: 1, alignItems: 'center' }}>
              <TextField
                size="small"
                fullWidth
                label={t('questionnaires_option_n', { n: i + 1 })}
                value={o}
                onChange={(e) => setOption(i, e.target.value)}
                slotProps={{ htmlInput: { maxLength: QUESTIONNAIRE_LIMITS.optionText, 'data-testid': `question-${index}-option-${i}` } }}
              />
              <IconButton
                size="small"
                aria-label={t('questionnaires_remove_option', { n: i + 1 })}
                disabled={q.options.length <= 2}
                onClick={() => props.onChange({ ...q, options: q.options.filter((_, j) => j !== i) })}
              >
                <CloseOutlined fontSize="small" />
              </IconButton>
            </Box>
          ))}
          {error('options') && <FormHelperText error>{t(error('options')!)}</FormHelperText>}
          <Box>
            <Button
              size="small"
              startIcon={<AddOutlined />}
              disabled={q.options.length >= QUESTIONNAIRE_LIMITS.options}
              onClick={() => props.onChange({ ...q, options: [...q.options, ''] })}
              data-testid={`question-${index}-add-option`}
            >
              {t('questionnaires_add_option')}
            </Button>
          </Box>
        </Box>
      )}
    </Paper>
  );
}
