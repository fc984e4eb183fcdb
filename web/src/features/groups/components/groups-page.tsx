import { useEffect } from 'react';
import ArrowBack from '@mui/icons-material/ArrowBack';
import GroupsOutlined from '@mui/icons-material/GroupsOutlined';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { isCompanyAdmin, useCurrentUser } from '../../../lib/current-user';
import { useIsMobile } from '../../../lib/use-is-mobile';
import { useCustomerGroups } from '../api/get-customer-groups';
import { GroupDetail, type TGroupTab } from './group-detail';
import { GroupListPanel } from './group-list-panel';

export const GROUP_LIST_WIDTH = 340;

/** /customer-groups: groups on the left, the selected group's members and messages on the right (?group=&tab=). */
export function GroupsPage() {
  const { t } = useTranslation();
  const me = useCurrentUser();
  const mobile = useIsMobile();
  const groups = useCustomerGroups();
  const [params, setParams] = useSearchParams();
  const raw = params.get('group');
  const selectedId = raw && /^\d+$/.test(raw) ? Number(raw) : null;
  const tab: TGroupTab = params.get('tab') === 'messages' ? 'messages' : 'members';
  const selected = groups.data?.find((g) => g.id === selectedId) ?? null;

  const select = (id: number | null, nextTab: TGroupTab = tab) => {
    const p = new URLSearchParams();
    if (id !== null) p.set('group', String(id));
    if (id !== null && nextTab === 'messages') p.set('tab', 'messages');
    setParams(p, { replace: id === selectedId });
  };

  // A group that no longer exists (deleted elsewhere) drops the selection.
  useEffect(() => {
    if (groups.isSuccess && selectedId !== null && !selected) setParams(new URLSearchParams(), { replace: true });
  }, [groups.isSuccess, selectedId, selected, setParams]);

  const detail = selected ? (
    <GroupDetail key={selected.id} group={selected} tab={tab} onTab={(next) => select(selected.id, next)} canDelete={isCompanyAdmin(me)} />
  ) : (
    <Box sx={{ flex: 1, display: 'flex', flexDirection: 'column', alignItems: 'center', justifyContent: 'center', color: 'text.secondary', p: 3, textAlign: 'center' }} data-testid="group-select-hint">
      <GroupsOutlined sx={{ fontSize: 64, opacity: 0.4 }} />
      <Typography sx={{ mt: 1 }}>{t('select_group_hint')}</Typography>
    </Box>
  );

  if (mobile)
    return (
      <Box sx={{ flex: 1, minHeight: 0, display: 'flex', flexDirection: 'column' }} data-testid="groups-page">
        {selected ? (
          <>
            <Box sx={{ display: 'flex', alignItems: 'center', borderBottom: 1, borderColor: 'divider', px: 0.5 }}>
              <IconButton onClick={() => select(null)} aria-label={t('back')}>
                <ArrowBack />
              </IconButton>
            </Box>
            {detail}
          </>
        ) : (
          <GroupListPanel selectedId={selectedId} onSelect={(id) => select(id)} canDelete={isCompanyAdmin(me)} />
        )}
      </Box>
    );

  return (
    <Box sx={{ flex: 1, minHeight: 0, display: 'flex' }} data-testid="groups-page">
      <Box sx={{ width: GROUP_LIST_WIDTH, flexShrink: 0, borderRight: 1, borderColor: 'divider', minHeight: 0, display: 'flex', flexDirection: 'column' }}>
        <GroupListPanel selectedId={selectedId} onSelect={(id) => select(id)} canDelete={isCompanyAdmin(me)} />
      </Box>
      <Box sx={{ flex: 1, minWidth: 0, minHeight: 0, display: 'flex', flexDirection: 'column' }}>{detail}</Box>
    </Box>
  );
}
