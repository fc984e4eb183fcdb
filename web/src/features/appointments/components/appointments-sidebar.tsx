import BeachAccessOutlined from '@mui/icons-material/BeachAccessOutlined';
import ScheduleOutlined from '@mui/icons-material/ScheduleOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { TVacation, TWorkingHours } from '@cd/contracts/appointment';
import { WORKING_HOURS_FETCH_ERROR } from '@cd/contracts/appointment-constants';
import { formatDay, formatShiftTime, shiftsOfDay, vacationsInDays } from '../lib/schedule-view';

interface TQueryLike<T> {
  data: T | undefined;
  isError: boolean;
  isPending: boolean;
  refetch: () => unknown;
}

function Section({ title, icon, children, testId }: { title: string; icon: ReactNode; children: ReactNode; testId: string }) {
  return (
    <Paper variant="outlined" sx={{ p: 1.5 }} data-testid={testId} component="section" aria-label={title}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, color: 'text.secondary', mb: 0.5 }}>
        {icon}
        <Typography variant="subtitle2" component="h2" sx={{ fontWeight: 700, color: 'text.primary' }}>
          {title}
        </Typography>
      </Box>
      {children}
    </Paper>
  );
}

const loadingRows = (
  <Box sx={{ py: 0.5 }}>
    <Skeleton height={28} />
    <Skeleton height={28} width="70%" />
  </Box>
);

/**
 * Beside the calendar: who is on vacation in the visible days and who works today, from when to when (spec part 1 §2
 * "users on vacation", "shifts"). Either list failing shows the spec's "Error fetching working hours or shifts".
 */
export function AppointmentsSidebar(props: {
  workingHours: TQueryLike<TWorkingHours[]>;
  vacations: TQueryLike<TVacation[]>;
  /** The company's today, and the visible days (`YYYY-MM-DD`). */
  today: string;
  days: { from: string; to: string } | null;
  scheduleAction?: ReactNode;
}) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const { workingHours, vacations, today, days } = props;

  if (workingHours.isError || vacations.isError) {
    return (
      <Alert
        severity="error"
        data-testid="appointments-schedule-error"
        action={
          <Button
            color="inherit"
            size="small"
            onClick={() => {
              if (workingHours.isError) void workingHours.refetch();
              if (vacations.isError) void vacations.refetch();
            }}
          >
            {t('retry')}
          </Button>
        }
      >
        {t(WORKING_HOURS_FETCH_ERROR)}
      </Alert>
    );
  }

  const away = vacations.data && days ? vacationsInDays({ vacations: vacations.data, ...days }) : null;
  const shifts = workingHours.data && vacations.data ? shiftsOfDay({ workingHours: workingHours.data, vacations: vacations.data, day: today }) : null;

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1.5 }}>
      <Section title={t('appointments_on_vacation')} icon={<BeachAccessOutlined fontSize="small" />} testId="appointments-vacations">
        {away === null ? (
          loadingRows
        ) : away.length === 0 ? (
          <Typography variant="body2" color="text.secondary" sx={{ py: 0.5 }}>
            {t('appointments_no_vacations')}
          </Typography>
        ) : (
          <List dense disablePadding>
            {away.map((v) => (
              <ListItem key={v.id} disableGutters>
                <ListItemText
                  primary={v.userName}
                  secondary={
                    v.from === v.to
                      ? formatDay({ day: v.from, language: lang, weekday: true })
                      : `${formatDay({ day: v.from, language: lang })} – ${formatDay({ day: v.to, language: lang })}`
                  }
                />
              </ListItem>
            ))}
          </List>
        )}
      </Section>
      <Section title={t('appointments_todays_shifts')} icon={<ScheduleOutlined fontSize="small" />} testId="appointments-shifts">
        {shifts === null ? (
          loadingRows
        ) : shifts.length === 0 ? (
          <Typography variant="body2" color="text.secondary" sx={{ py: 0.5 }}>
            {t('appointments_no_shifts_today')}
          </Typography>
        ) : (
          <List dense disablePadding>
            {shifts.map((s) => (
              <ListItem key={s.user} disableGutters secondaryAction={s.onVacation ? <Chip size="small" label={t('appointments_away')} /> : undefined}>
                <ListItemText
                  primary={s.userName}
                  secondary={s.shifts
                    .map((x) => `${formatShiftTime({ time: x.startsAt, language: lang })} – ${formatShiftTime({ time: x.endsAt, language: lang })}`)
                    .join(', ')}
                  sx={s.onVacation ? { opacity: 0.6 } : undefined}
                />
              </ListItem>
            ))}
          </List>
        )}
      </Section>
      {props.scheduleAction}
    </Box>
  );
}
