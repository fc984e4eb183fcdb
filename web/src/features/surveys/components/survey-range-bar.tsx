import Box from '@mui/material/Box';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import { useTranslation } from 'react-i18next';
import { SURVEY_DATE_PRESETS, type TSurveyDatePreset } from '@cd/contracts/survey';
import { DayField } from './day-field';

interface TProps {
  preset: TSurveyDatePreset | null;
  fromDay: string;
  toDay: string;
  today: string;
  weekStartsOn: 0 | 1;
  onPreset: (preset: TSurveyDatePreset) => void;
  onDays: (days: { fromDay: string; toDay: string }) => void;
}

/** Presets (spec part 2 §2, month to date by default) and the from/to days they stand for; editing a day makes a custom range. */
export function SurveyRangeBar({ preset, fromDay, toDay, today, weekStartsOn, onPreset, onDays }: TProps) {
  const { t } = useTranslation();
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'flex-start', gap: 1.5 }}>
      <Box sx={{ maxWidth: '100%' }}>
        <ToggleButtonGroup
          exclusive
          size="small"
          color="primary"
          value={preset}
          onChange={(_, next: TSurveyDatePreset | null) => {
            if (next) onPreset(next);
          }}
          aria-label={t('surveys_date_range')}
          // Separate buttons that wrap: on a phone every preset stays in sight, the chosen one included.
          sx={{
            flexWrap: 'wrap',
            gap: 0.75,
            '& .MuiToggleButtonGroup-grouped, & .MuiToggleButtonGroup-grouped:not(:first-of-type)': {
              borderRadius: 2,
              border: 1,
              borderColor: 'divider',
              ml: 0,
            },
            '& .MuiToggleButtonGroup-grouped.Mui-selected': { borderColor: 'primary.main' },
          }}
        >
          {SURVEY_DATE_PRESETS.map((p) => (
            <ToggleButton key={p} value={p} data-testid={`surveys-preset-${p}`} sx={{ whiteSpace: 'nowrap', textTransform: 'none', px: 1.5, py: 0.5 }}>
              {t(`surveys_preset_${p}`)}
            </ToggleButton>
          ))}
        </ToggleButtonGroup>
      </Box>
      <Box sx={{ display: 'flex', gap: 1, flex: { xs: '1 1 100%', sm: '0 0 auto' } }}>
        <DayField
          id="surveys-from"
          label={t('surveys_from')}
          value={fromDay}
          maxDay={today}
          weekStartsOn={weekStartsOn}
          testId="surveys-from"
          // A start after the end moves the end along, so the range stays a range.
          onChange={(day) => onDays({ fromDay: day, toDay: day > toDay ? day : toDay })}
        />
        <DayField
          id="surveys-to"
          label={t('surveys_to')}
          value={toDay}
          maxDay={today}
          weekStartsOn={weekStartsOn}
          testId="surveys-to"
          onChange={(day) => onDays({ fromDay: day < fromDay ? day : fromDay, toDay: day })}
        />
      </Box>
    </Box>
  );
}
