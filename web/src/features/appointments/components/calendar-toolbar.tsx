import type { CalendarController } from '@fullcalendar/react';
import ChevronLeft from '@mui/icons-material/ChevronLeft';
import ChevronRight from '@mui/icons-material/ChevronRight';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { CALENDAR_VIEWS, FULLCALENDAR_VIEW, type TCalendarView } from '../lib/calendar-search';

/** The calendar's own toolbar (MUI, labelled): previous / today / next, the period's title, and the view switch. */
export function CalendarToolbar({ controller, view, onView }: { controller: CalendarController; view: TCalendarView; onView: (view: TCalendarView) => void }) {
  const { t } = useTranslation();
  const title = controller.view?.title ?? '';
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }} data-testid="appointments-toolbar">
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.5 }}>
        <Tooltip title={t(`appointments_prev_${view}`)}>
          <IconButton aria-label={t(`appointments_prev_${view}`)} onClick={() => controller.prev()} data-testid="appointments-prev">
            <ChevronLeft />
          </IconButton>
        </Tooltip>
        <Button variant="outlined" size="small" onClick={() => controller.today()} data-testid="appointments-today">
          {t('appointments_today')}
        </Button>
        <Tooltip title={t(`appointments_next_${view}`)}>
          <IconButton aria-label={t(`appointments_next_${view}`)} onClick={() => controller.next()} data-testid="appointments-next">
            <ChevronRight />
          </IconButton>
        </Tooltip>
      </Box>
      <Typography
        variant="h6"
        component="h2"
        aria-live="polite"
        sx={{ flex: 1, minWidth: 160, fontWeight: 600, fontSize: { xs: '1.05rem', sm: '1.25rem' } }}
        data-testid="appointments-title"
      >
        {title}
      </Typography>
      <ToggleButtonGroup
        size="small"
        exclusive
        value={view}
        aria-label={t('appointments_view')}
        onChange={(_, v: TCalendarView | null) => {
          if (!v) return;
          controller.changeView(FULLCALENDAR_VIEW[v]);
          onView(v);
        }}
      >
        {CALENDAR_VIEWS.map((v) => (
          <ToggleButton key={v} value={v} sx={{ px: 1.5 }} data-testid={`appointments-view-${v}`}>
            {t(`appointments_view_${v}`)}
          </ToggleButton>
        ))}
      </ToggleButtonGroup>
    </Box>
  );
}
