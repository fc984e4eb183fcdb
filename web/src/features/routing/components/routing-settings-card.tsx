import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { ZRoutingSettingsPatchSchema, type TRoutingSettings } from '@cd/contracts/routing';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError, describeError } from '../../../lib/api-client';
import { translateMessage } from '../../../lib/i18n';
import { toastError, toastSuccess } from '../../../lib/toast';
import { useUpdateRoutingSettings } from '../api/update-routing-settings';

const DAYS = [0, 1, 2, 3, 4, 5, 6];

/** The first-reply target, warning share, reassignment delay and business hours (company time zone). */
export function RoutingSettingsCard(props: { settings: TRoutingSettings }) {
  const { t } = useTranslation();
  const update = useUpdateRoutingSettings();
  const s = props.settings;
  const [target, setTarget] = useState(s.firstReplyMinutes ? String(s.firstReplyMinutes) : '');
  const [warn, setWarn] = useState(String(s.warnPercent));
  const [reassign, setReassign] = useState(s.reassignMinutes ? String(s.reassignMinutes) : '');
  const [hours, setHours] = useState(s.businessHours);

  const setDay = (i: number, day: { start: string; end: string } | null) => setHours((h) => h.map((d, n) => (n === i ? day : d)));
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const parsed = ZRoutingSettingsPatchSchema.safeParse({
      firstReplyMinutes: target ? Number(target) : null,
      warnPercent: Number(warn),
      reassignMinutes: reassign ? Number(reassign) : null,
      businessHours: hours,
    });
    if (!parsed.success) return toastError(parsed.error.issues[0]?.message ?? t('routing_save_failed'));
    update.mutate(parsed.data, {
      onSuccess: () => toastSuccess(t('routing_saved')),
      onError: (err) => toastError(err instanceof ApiError ? describeError(err.body, translateMessage) : t('routing_save_failed')),
    });
  };

  return (
    <Paper component="form" onSubmit={submit} noValidate sx={{ p: 2, display: 'flex', flexDirection: 'column', gap: 2 }} data-testid="routing-settings">
      <Typography variant="h6">{t('routing_targets')}</Typography>
      {/* Labels stay above the value even when it is empty ("Empty: off"), so the longest one is not cut off. */}
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: 'repeat(auto-fill, minmax(260px, 1fr))' }}>
        <TextField
          type="number"
          label={t('routing_first_reply_minutes')}
          slotProps={{ inputLabel: { shrink: true } }}
          value={target}
          onChange={(e) => setTarget(e.target.value)}
          helperText={t('routing_empty_off')}
        />
        <TextField
          type="number"
          label={t('routing_warn_percent')}
          slotProps={{ inputLabel: { shrink: true } }}
          value={warn}
          onChange={(e) => setWarn(e.target.value)}
        />
        <TextField
          type="number"
          label={t('routing_reassign_minutes')}
          slotProps={{ inputLabel: { shrink: true } }}
          value={reassign}
          onChange={(e) => setReassign(e.target.value)}
          helperText={t('routing_empty_off')}
        />
      </Box>
      <Typography variant="subtitle1">
        {t('routing_business_hours')} ({s.timeZone})
      </Typography>
      {DAYS.map((i) => {
        const day = hours[i] ?? null;
        return (
          <Box key={i} sx={{ display: 'flex', alignItems: 'center', gap: 2 }}>
            <Checkbox
              checked={day !== null}
              onChange={(e) => setDay(i, e.target.checked ? { start: '09:00', end: '17:00' } : null)}
              slotProps={{ input: { 'aria-label': t(`routing_day_${i}`) } }}
            />
            <Typography sx={{ width: 110 }}>{t(`routing_day_${i}`)}</Typography>
            {day ? (
              <>
                <TextField
                  size="small"
                  type="time"
                  label={t('routing_opens')}
                  value={day.start}
                  onChange={(e) => setDay(i, { ...day, start: e.target.value })}
                />
                <TextField size="small" type="time" label={t('routing_closes')} value={day.end} onChange={(e) => setDay(i, { ...day, end: e.target.value })} />
              </>
            ) : (
              <Typography color="text.secondary">{t('routing_closed')}</Typography>
            )}
          </Box>
        );
      })}
      <Typography color="text.secondary">{t('routing_breaches', { count: s.breaches })}</Typography>
      <Box>
        <Button type="submit" variant="contained" disabled={update.isPending} data-testid="routing-settings-save">
          {t('save')}
        </Button>
      </Box>
    </Paper>
  );
}
