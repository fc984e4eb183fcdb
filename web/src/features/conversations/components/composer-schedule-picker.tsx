import { useState } from 'react';
import ScheduleSend from '@mui/icons-material/ScheduleSend';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Popover from '@mui/material/Popover';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { checkSchedule, toLocalInputValue } from '../../../lib/schedule';

interface TProps {
  scheduledAt: string | null;
  onChange: (scheduledAt: string | null) => void;
  disabled: boolean;
}

/** The composer's "schedule message" button and its date-time popover; only a future time is accepted. */
export function ComposerSchedulePicker({ scheduledAt, onChange, disabled }: TProps) {
  const { t } = useTranslation();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [draft, setDraft] = useState('');
  const [error, setError] = useState<string | null>(null);

  const open = (el: HTMLElement) => {
    setDraft(scheduledAt ?? toLocalInputValue(new Date(Date.now() + 60 * 60_000)));
    setError(null);
    setAnchor(el);
  };
  const apply = () => {
    const check = checkSchedule(draft);
    if (!check.ok || !draft) {
      setError(t('schedule_must_be_future'));
      return;
    }
    onChange(draft);
    setAnchor(null);
  };

  return (
    <>
      <Tooltip title={t('schedule_message')}>
        <span>
          <IconButton
            size="small"
            onClick={(e) => open(e.currentTarget)}
            disabled={disabled}
            color={scheduledAt ? 'primary' : 'default'}
            aria-label={t('schedule_message')}
            data-testid="composer-schedule"
          >
            <ScheduleSend fontSize="small" />
          </IconButton>
        </span>
      </Tooltip>
      <Popover
        open={!!anchor}
        anchorEl={anchor}
        onClose={() => setAnchor(null)}
        anchorOrigin={{ vertical: 'top', horizontal: 'left' }}
        transformOrigin={{ vertical: 'bottom', horizontal: 'left' }}
        slotProps={{ paper: { sx: { p: 2, width: 300, display: 'flex', flexDirection: 'column', gap: 1.5 } } }}
      >
        <Typography variant="subtitle2">{t('schedule_message')}</Typography>
        <TextField
          type="datetime-local"
          size="small"
          label={t('date_and_time')}
          value={draft}
          onChange={(e) => {
            setDraft(e.target.value);
            setError(null);
          }}
          error={!!error}
          helperText={error ?? ' '}
          slotProps={{ inputLabel: { shrink: true }, htmlInput: { min: toLocalInputValue(new Date()), 'data-testid': 'composer-schedule-input' } }}
        />
        <Box sx={{ display: 'flex', justifyContent: 'flex-end', gap: 1 }}>
          {scheduledAt && (
            <Button
              onClick={() => {
                onChange(null);
                setAnchor(null);
              }}
            >
              {t('send_immediately')}
            </Button>
          )}
          <Button variant="contained" onClick={apply} data-testid="composer-schedule-apply">
            {t('apply')}
          </Button>
        </Box>
      </Popover>
    </>
  );
}
