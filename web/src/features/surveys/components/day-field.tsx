import { useState } from 'react';
import CalendarMonthOutlined from '@mui/icons-material/CalendarMonthOutlined';
import ChevronLeft from '@mui/icons-material/ChevronLeft';
import ChevronRight from '@mui/icons-material/ChevronRight';
import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import Popover from '@mui/material/Popover';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { useValueChanged } from '../../../lib/use-value-changed';
import { formatUsDay, monthGridOf, parseUsDay } from '../lib/day-format';
import { parseDay } from '../lib/survey-query';

interface TProps {
  id: string;
  label: string;
  /** YYYY-MM-DD. */
  value: string;
  /** Today in the company's time zone: later days cannot be picked. */
  maxDay: string;
  weekStartsOn: 0 | 1;
  onChange: (day: string) => void;
  testId: string;
}

/** A day typed as MM/DD/YYYY (spec part 2 §9) or picked from a small month calendar whose weeks start as the company's do. */
export function DayField({ id, label, value, maxDay, weekStartsOn, onChange, testId }: TProps) {
  const { t } = useTranslation();
  const [text, setText] = useState(formatUsDay(value));
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  if (useValueChanged(value)) setText(formatUsDay(value));
  const typed = text.trim() ? parseUsDay(text) : null;
  const invalid = text.trim() !== '' && (typed === null || typed > maxDay);

  const commit = () => {
    if (typed && !invalid && typed !== value) onChange(typed);
    else if (!text.trim()) setText(formatUsDay(value));
  };

  return (
    <>
      <TextField
        id={id}
        size="small"
        label={label}
        value={text}
        placeholder="MM/DD/YYYY"
        error={invalid}
        helperText={invalid ? t('surveys_date_invalid') : undefined}
        onChange={(e) => setText(e.target.value)}
        onBlur={commit}
        onKeyDown={(e) => {
          if (e.key === 'Enter') commit();
        }}
        sx={{ width: { xs: '100%', sm: 170 } }}
        slotProps={{
          htmlInput: { inputMode: 'numeric', maxLength: 10, 'data-testid': testId },
          input: {
            endAdornment: (
              <InputAdornment position="end">
                <IconButton size="small" edge="end" aria-label={t('surveys_pick_day', { label })} onClick={(e) => setAnchor(e.currentTarget)}>
                  <CalendarMonthOutlined fontSize="small" />
                </IconButton>
              </InputAdornment>
            ),
          },
        }}
      />
      <Popover
        open={!!anchor}
        anchorEl={anchor}
        onClose={() => setAnchor(null)}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
      >
        {anchor && (
          <MonthCalendar
            selected={value}
            maxDay={maxDay}
            weekStartsOn={weekStartsOn}
            onPick={(day) => {
              setAnchor(null);
              onChange(day);
            }}
          />
        )}
      </Popover>
    </>
  );
}

function MonthCalendar(props: { selected: string; maxDay: string; weekStartsOn: 0 | 1; onPick: (day: string) => void }) {
  const { t, i18n } = useTranslation();
  const start = parseDay(props.selected) ?? parseDay(props.maxDay)!;
  const [month, setMonth] = useState({ year: start.year, month: start.month });
  const weeks = monthGridOf({ ...month, weekStartsOn: props.weekStartsOn });
  const shift = (by: number) => {
    const d = new Date(Date.UTC(month.year, month.month - 1 + by, 1));
    setMonth({ year: d.getUTCFullYear(), month: d.getUTCMonth() + 1 });
  };
  const title = new Intl.DateTimeFormat(i18n.language, { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(Date.UTC(month.year, month.month - 1, 1));
  // 2023-01-01 was a Sunday: the weekday names follow the company's first day of the week.
  const weekdays = Array.from({ length: 7 }, (_, i) =>
    new Intl.DateTimeFormat(i18n.language, { weekday: 'narrow', timeZone: 'UTC' }).format(Date.UTC(2023, 0, 1 + ((i + props.weekStartsOn) % 7))),
  );
  const nextDisabled = `${month.year}-${String(month.month).padStart(2, '0')}` >= props.maxDay.slice(0, 7);

  return (
    <Box sx={{ p: 1.5, width: 280 }} data-testid="surveys-calendar">
      <Box sx={{ display: 'flex', alignItems: 'center', mb: 1 }}>
        <IconButton size="small" aria-label={t('surveys_previous_month')} onClick={() => shift(-1)}>
          <ChevronLeft fontSize="small" />
        </IconButton>
        <Typography variant="subtitle2" sx={{ flex: 1, textAlign: 'center', textTransform: 'capitalize' }}>
          {title}
        </Typography>
        <IconButton size="small" aria-label={t('surveys_next_month')} disabled={nextDisabled} onClick={() => shift(1)}>
          <ChevronRight fontSize="small" />
        </IconButton>
      </Box>
      <Box role="grid" sx={{ display: 'grid', gridTemplateColumns: 'repeat(7, 1fr)', gap: 0.25, textAlign: 'center' }}>
        {weekdays.map((w, i) => (
          <Typography key={i} role="columnheader" variant="caption" color="text.secondary" sx={{ py: 0.5 }}>
            {w}
          </Typography>
        ))}
        {weeks.flat().map((day, i) =>
          day === null ? (
            <span key={`blank-${i}`} />
          ) : (
            <ButtonBase
              key={day}
              role="gridcell"
              aria-selected={day === props.selected}
              disabled={day > props.maxDay}
              onClick={() => props.onPick(day)}
              sx={{
                height: 34,
                borderRadius: '50%',
                typography: 'body2',
                color: day === props.selected ? 'primary.contrastText' : day > props.maxDay ? 'text.disabled' : 'text.primary',
                bgcolor: day === props.selected ? 'primary.main' : 'transparent',
                border: day === props.maxDay && day !== props.selected ? 1 : 0,
                borderColor: 'primary.main',
                '&:hover': { bgcolor: day === props.selected ? 'primary.dark' : 'action.hover' },
              }}
            >
              {Number(day.slice(8))}
            </ButtonBase>
          ),
        )}
      </Box>
    </Box>
  );
}
