import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import { useTranslation } from 'react-i18next';
import { SURVEY_FILTERS, type TSurveyFilter } from '../lib/survey-query';

/** One filter at a time (spec part 2 §2); a row that scrolls sideways on a phone. */
export function SurveyFilterChips({ value, onChange }: { value: TSurveyFilter; onChange: (filter: TSurveyFilter) => void }) {
  const { t } = useTranslation();
  return (
    <Box
      role="radiogroup"
      aria-label={t('surveys_filter')}
      sx={{ display: 'flex', gap: 1, overflowX: 'auto', pb: 0.5, mx: { xs: -2, md: 0 }, px: { xs: 2, md: 0 } }}
    >
      {SURVEY_FILTERS.map((f) => (
        <Chip
          key={f}
          role="radio"
          aria-checked={value === f}
          label={t(`surveys_filter_${f}`)}
          color={value === f ? 'primary' : 'default'}
          variant={value === f ? 'filled' : 'outlined'}
          onClick={() => onChange(f)}
          data-testid={`surveys-filter-${f}`}
        />
      ))}
    </Box>
  );
}
