import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import TextField from '@mui/material/TextField';
import type { TColleague } from '@cd/contracts/user';
import { useTranslation } from 'react-i18next';
import { useColleagues } from '../../../api/get-colleagues';
import { useCurrentUser } from '../../../lib/current-user';

const ALL_CHANNELS = ['simulator', 'sms_provider', 'sms_gateway', 'whatsapp', 'viber', 'webchat'];

type TPerson = Pick<TColleague, 'id' | 'firstName' | 'lastName' | 'email'>;

/** Optional agent and channel filters: left empty, the report covers the whole company. */
export function FiltersField(props: {
  userIds: number[];
  channels: string[];
  error?: string;
  disabled?: boolean;
  onChange: (patch: { userIds?: number[]; channels?: string[] }) => void;
}) {
  const { t } = useTranslation();
  const me = useCurrentUser();
  const colleagues = useColleagues();
  const people: TPerson[] = [{ id: me.id, firstName: me.firstName, lastName: me.lastName, email: me.email }, ...(colleagues.data ?? [])];
  const nameOf = (p: TPerson) => `${p.firstName} ${p.lastName}`.trim() || p.email;
  const chosen = props.userIds.map((id) => people.find((p) => p.id === id) ?? { id, firstName: `#${id}`, lastName: '', email: '' });
  const channels = me.companyData?.channels.length ? [...new Set([...me.companyData.channels, ...props.channels])] : ALL_CHANNELS;

  return (
    <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, gap: 2 }}>
      <Autocomplete
        multiple
        options={people}
        value={chosen}
        loading={colleagues.isPending}
        disabled={props.disabled}
        getOptionLabel={nameOf}
        isOptionEqualToValue={(a, b) => a.id === b.id}
        onChange={(_e, next) => props.onChange({ userIds: next.map((p) => p.id) })}
        renderInput={(params) => (
          <TextField
            {...params}
            label={t('report_filter_agents')}
            placeholder={props.userIds.length ? undefined : t('report_filter_all_agents')}
            error={Boolean(props.error)}
            helperText={props.error}
            slotProps={{ ...params.slotProps, htmlInput: { ...params.slotProps.htmlInput, 'data-testid': 'report-filter-agents' } }}
          />
        )}
      />
      <Autocomplete
        multiple
        options={channels}
        value={props.channels}
        disabled={props.disabled}
        getOptionLabel={(c) => t(`channel_${c}`, { defaultValue: c })}
        onChange={(_e, next) => props.onChange({ channels: next })}
        renderInput={(params) => (
          <TextField
            {...params}
            label={t('report_filter_channels')}
            placeholder={props.channels.length ? undefined : t('report_filter_all_channels')}
            slotProps={{ ...params.slotProps, htmlInput: { ...params.slotProps.htmlInput, 'data-testid': 'report-filter-channels' } }}
          />
        )}
      />
    </Box>
  );
}
