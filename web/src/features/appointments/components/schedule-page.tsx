import { useMemo } from 'react';
import ArrowBack from '@mui/icons-material/ArrowBack';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { APPOINTMENTS_MODULE_OFF } from '@cd/contracts/appointment-constants';
import { localDayOf } from '@cd/contracts/survey-dates';
import { useColleagues } from '../../../api/get-colleagues';
import { useVacations } from '../api/get-vacations';
import { useAppointmentsCompany } from '../hooks/use-appointments-company';
import { ResourcesSection } from './resources-section';
import type { TScheduleUser } from './shift-week-dialog';
import { ShiftsSection } from './shifts-section';
import { VacationsSection } from './vacations-section';

const TABS = ['shifts', 'vacations', 'resources'] as const;
type TTab = (typeof TABS)[number];

const fullName = (u: { firstName: string; lastName: string; email?: string }) => `${u.firstName} ${u.lastName}`.trim() || u.email || '';

/**
 * /appointments/schedule: shifts, vacations and shared resources of the appointments area (issue 16; spec part 2 §5,
 * §7). Company admins edit; the appointments role reads. The tab lives in `?tab=` so a link can open one.
 */
export function SchedulePage() {
  const { t, i18n } = useTranslation();
  const { me, zone, moduleOff } = useAppointmentsCompany();
  const [params, setParams] = useSearchParams();
  const requested = params.get('tab');
  const tab: TTab = (TABS as readonly string[]).includes(requested ?? '') ? (requested as TTab) : 'shifts';
  const canEdit = me.roles.includes('ROLE_COMPANY_ADMIN') || me.roles.includes('ROLE_SUPER_ADMIN');
  const timeZone = zone.data?.timezone ?? Intl.DateTimeFormat().resolvedOptions().timeZone;
  const today = localDayOf({ instant: new Date(), timeZone });
  const colleagues = useColleagues({ enabled: canEdit && !moduleOff });
  // Who is off today, for the shifts table (the same query the calendar's sidebar reads).
  const todayOff = useVacations({ from: today, to: today }, { enabled: !moduleOff });

  // Colleagues leave out the caller: an admin may plan their own shifts too.
  const users = useMemo<TScheduleUser[]>(() => {
    const list = (colleagues.data ?? []).map((c) => ({ id: c.id, name: fullName(c) }));
    if (me.company && !list.some((u) => u.id === me.id)) list.push({ id: me.id, name: fullName(me) });
    return list.sort((a, b) => a.name.localeCompare(b.name));
  }, [colleagues.data, me]);
  const awayToday = useMemo(() => new Set((todayOff.data ?? []).map((v) => v.user)), [todayOff.data]);

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', minHeight: 0 }} data-testid="schedule-page">
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, px: { xs: 2, md: 3 }, pt: 3, flexWrap: 'wrap' }}>
        <Button component={Link} to="/appointments" startIcon={<ArrowBack />} size="small" data-testid="schedule-back">
          {t('schedule_back_to_calendar')}
        </Button>
        <Typography variant="h5" component="h1" sx={{ fontWeight: 700, flexBasis: { xs: '100%', sm: 'auto' } }}>
          {t('schedule_title')}
        </Typography>
      </Box>
      {moduleOff ? (
        <Alert severity="info" sx={{ m: { xs: 2, md: 3 } }} data-testid="schedule-module-off">
          {t(APPOINTMENTS_MODULE_OFF)}
        </Alert>
      ) : (
        <>
          <Tabs
            value={tab}
            onChange={(_, v: TTab) => setParams(v === 'shifts' ? {} : { tab: v }, { replace: true })}
            variant="scrollable"
            scrollButtons="auto"
            allowScrollButtonsMobile
            aria-label={t('schedule_title')}
            sx={{ px: { xs: 1, md: 2 }, mt: 1, borderBottom: 1, borderColor: 'divider' }}
          >
            {TABS.map((v) => (
              <Tab
                key={v}
                value={v}
                label={t(`schedule_tab_${v}`)}
                id={`schedule-tab-${v}`}
                aria-controls={`schedule-tabpanel-${v}`}
                data-testid={`schedule-tab-${v}`}
              />
            ))}
          </Tabs>
          <Box sx={{ px: { xs: 2, md: 3 }, py: 3 }} role="tabpanel" id={`schedule-tabpanel-${tab}`} aria-labelledby={`schedule-tab-${tab}`}>
            {!canEdit && (
              <Alert severity="info" variant="outlined" sx={{ mb: 2 }} data-testid="schedule-read-only">
                {t('schedule_read_only')}
              </Alert>
            )}
            {tab === 'shifts' && <ShiftsSection canEdit={canEdit} users={users} awayToday={awayToday} />}
            {tab === 'vacations' && <VacationsSection canEdit={canEdit} users={users} today={today} language={i18n.language} />}
            {tab === 'resources' && <ResourcesSection canEdit={canEdit} />}
          </Box>
        </>
      )}
    </Box>
  );
}
