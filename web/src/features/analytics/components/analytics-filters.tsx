import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import ListItemText from '@mui/material/ListItemText';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import { REPORT_PERIODS, type TReportPeriod } from '@cd/contracts/analytics';
import type { TAnalyticsSearch } from '../lib/analytics-search';

export type TAgentOption = { id: number; name: string };

type TProps = {
  search: TAnalyticsSearch;
  /** The range the server answered for, to start a custom range from. */
  shown: { from: string; to: string } | null;
  agents: TAgentOption[];
  channels: readonly string[];
  onChange: (next: TAnalyticsSearch) => void;
};

const CUSTOM = 'custom';

/** Period preset or custom days, agents and channels; every change goes into the address. */
export function AnalyticsFilters({ search, shown, agents, channels, onChange }: TProps) {
  const { t } = useTranslation();
  const agentName = new Map(agents.map((a) => [a.id, a.name]));
  const setPeriod = (value: string) => {
    if (value === CUSTOM) {
      const fallback = shown ?? { from: new Date().toISOString().slice(0, 10), to: new Date().toISOString().slice(0, 10) };
      onChange({ ...search, period: null, from: search.from ?? fallback.from, to: search.to ?? fallback.to });
    } else onChange({ ...search, period: value as TReportPeriod, from: null, to: null });
  };
  const setDay = (which: 'from' | 'to', value: string) => {
    if (!value) return;
    const next = { ...search, period: null, [which]: value };
    // Keeps the range ordered: moving one end past the other moves both.
    if (next.from && next.to && next.from > next.to) next[which === 'from' ? 'to' : 'from'] = value;
    onChange(next);
  };

  return (
    <Box sx={{ display: 'flex', gap: 1.5, flexWrap: 'wrap', alignItems: 'flex-start' }} data-testid="analytics-filters">
      <TextField
        select
        size="small"
        label={t('analytics_period')}
        value={search.period ?? CUSTOM}
        onChange={(e) => setPeriod(e.target.value)}
        sx={{ minWidth: 180, flex: { xs: '1 1 100%', sm: '0 0 auto' } }}
        slotProps={{ htmlInput: { 'data-testid': 'analytics-period' } }}
      >
        {REPORT_PERIODS.map((p) => (
          <MenuItem key={p} value={p} data-testid={`analytics-period-${p}`}>
            {t(`analytics_period_${p}`)}
          </MenuItem>
        ))}
        <MenuItem value={CUSTOM} data-testid="analytics-period-custom">
          {t('analytics_period_custom')}
        </MenuItem>
      </TextField>
      {!search.period && (
        <>
          <TextField
            size="small"
            type="date"
            label={t('analytics_from')}
            value={search.from ?? ''}
            onChange={(e) => setDay('from', e.target.value)}
            slotProps={{ inputLabel: { shrink: true }, htmlInput: { 'data-testid': 'analytics-from' } }}
            sx={{ flex: '1 1 150px', maxWidth: { sm: 180 } }}
          />
          <TextField
            size="small"
            type="date"
            label={t('analytics_to')}
            value={search.to ?? ''}
            onChange={(e) => setDay('to', e.target.value)}
            slotProps={{ inputLabel: { shrink: true }, htmlInput: { 'data-testid': 'analytics-to' } }}
            sx={{ flex: '1 1 150px', maxWidth: { sm: 180 } }}
          />
        </>
      )}
      <TextField
        select
        size="small"
        label={t('analytics_agents')}
        value={search.userIds}
        onChange={(e) => {
          const v = e.target.value as unknown as number[] | string;
          onChange({ ...search, userIds: (typeof v === 'string' ? v.split(',') : v).map(Number) });
        }}
        sx={{ minWidth: 200, flex: { xs: '1 1 100%', sm: '0 1 260px' } }}
        slotProps={{
          select: {
            multiple: true,
            displayEmpty: true,
            renderValue: (v) =>
              (v as number[]).length === 0 ? t('analytics_all_agents') : (v as number[]).map((id) => agentName.get(id) ?? `#${id}`).join(', '),
          },
          inputLabel: { shrink: true },
          htmlInput: { 'data-testid': 'analytics-agents' },
        }}
      >
        {agents.map((a) => (
          <MenuItem key={a.id} value={a.id} data-testid={`analytics-agent-${a.id}`}>
            <Checkbox size="small" checked={search.userIds.includes(a.id)} sx={{ p: 0.5, mr: 1 }} />
            <ListItemText primary={a.name} />
          </MenuItem>
        ))}
      </TextField>
      <TextField
        select
        size="small"
        label={t('channel')}
        value={search.channels}
        onChange={(e) => {
          const v = e.target.value as unknown as string[] | string;
          onChange({ ...search, channels: typeof v === 'string' ? v.split(',') : v });
        }}
        sx={{ minWidth: 180, flex: { xs: '1 1 100%', sm: '0 1 220px' } }}
        slotProps={{
          select: {
            multiple: true,
            displayEmpty: true,
            renderValue: (v) => ((v as string[]).length === 0 ? t('analytics_all_channels') : (v as string[]).map((c) => t(`channel_${c}`)).join(', ')),
          },
          inputLabel: { shrink: true },
          htmlInput: { 'data-testid': 'analytics-channels' },
        }}
      >
        {channels.map((c) => (
          <MenuItem key={c} value={c} data-testid={`analytics-channel-${c}`}>
            <Checkbox size="small" checked={search.channels.includes(c)} sx={{ p: 0.5, mr: 1 }} />
            <ListItemText primary={t(`channel_${c}`)} />
          </MenuItem>
        ))}
      </TextField>
    </Box>
  );
}
