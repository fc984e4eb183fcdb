import Box from '@mui/material/Box';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { TCustomerGroup } from '../lib/types';
import { GroupMembersTab } from './group-members-tab';
import { GroupMessagesTab } from './group-messages-tab';

export type TGroupTab = 'members' | 'messages';

export function GroupDetail({ group, tab, onTab }: { group: TCustomerGroup; tab: TGroupTab; onTab: (t: TGroupTab) => void; canDelete: boolean }) {
  const { t } = useTranslation();
  return (
    <Box sx={{ flex: 1, minHeight: 0, display: 'flex', flexDirection: 'column' }} data-testid="group-detail">
      <Box sx={{ px: 2, pt: 1.5, borderBottom: 1, borderColor: 'divider', bgcolor: 'background.paper' }}>
        <Typography variant="h6" component="h2" noWrap sx={{ fontWeight: 700 }} data-testid="group-name">
          {group.name}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {t('members_count', { count: group.memberCount })}
        </Typography>
        <Tabs value={tab} onChange={(_, v: TGroupTab) => onTab(v)} aria-label={group.name} sx={{ minHeight: 40, '& .MuiTab-root': { minHeight: 40 } }}>
          <Tab value="members" label={t('members')} id="group-tab-members" aria-controls="group-tabpanel-members" data-testid="group-members-tab" />
          <Tab value="messages" label={t('messages')} id="group-tab-messages" aria-controls="group-tabpanel-messages" data-testid="group-messages-tab" />
        </Tabs>
      </Box>
      <Box role="tabpanel" id={`group-tabpanel-${tab}`} aria-labelledby={`group-tab-${tab}`} sx={{ flex: 1, minHeight: 0, display: 'flex', flexDirection: 'column' }}>
        {tab === 'members' ? <GroupMembersTab group={group} /> : <GroupMessagesTab group={group} />}
      </Box>
    </Box>
  );
}
