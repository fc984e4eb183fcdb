import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import EditOutlined from '@mui/icons-material/EditOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Skeleton from '@mui/material/Skeleton';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import type { TCustomerInterest, TInterest } from '@cd/contracts/interests';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { formatDateTime } from '../../../lib/format';
import { useAddInterestMember } from '../api/add-interest-member';
import { useDeleteInterest } from '../api/delete-interest';
import { useInterestMembers } from '../api/get-interest-members';
import { useRemoveInterestMember } from '../api/remove-interest-member';
import { CustomerPicker } from './customer-picker';
import { InterestDialog } from './interest-dialog';

function customerIdOf(iri: string): number | null {
  const m = /\/api\/customers\/(\d+)$/.exec(iri);
  return m ? Number(m[1]) : null;
}

/** One category: its name and description (edit, delete), its customers (add by search, remove with a confirmation). */
export function InterestMembers({ interest, onDeleted }: { interest: TInterest; onDeleted: () => void }) {
  const { t } = useTranslation();
  const members = useInterestMembers(interest.id);
  const add = useAddInterestMember();
  const remove = useRemoveInterestMember();
  const del = useDeleteInterest();
  const [editing, setEditing] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const [removing, setRemoving] = useState<TCustomerInterest | null>(null);
  const rows = useMemo(() => members.data?.member ?? [], [members.data]);
  const exclude = useMemo(() => new Set(rows.map((m) => customerIdOf(m.customer)).filter((id): id is number => id !== null)), [rows]);

  return (
    <Box sx={{ p: 2, display: 'flex', flexDirection: 'column', gap: 2 }} data-testid={`interest-detail-${interest.id}`}>
      <Box sx={{ display: 'flex', alignItems: 'flex-start', gap: 1 }}>
        <Box sx={{ flex: 1, minWidth: 0 }}>
          <Typography variant="h6" component="h2" sx={{ fontWeight: 700, overflowWrap: 'anywhere' }}>
            {interest.name}
          </Typography>
          {interest.description && (
            <Typography variant="body2" color="text.secondary" sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
              {interest.description}
            </Typography>
          )}
        </Box>
        <Tooltip title={t('edit')}>
          <IconButton onClick={() => setEditing(true)} aria-label={t('edit')} data-testid="interest-edit">
            <EditOutlined />
          </IconButton>
        </Tooltip>
        <Tooltip title={t('delete')}>
          <IconButton onClick={() => setDeleting(true)} aria-label={t('delete')} data-testid="interest-delete">
            <DeleteOutlined />
          </IconButton>
        </Tooltip>
      </Box>
      <CustomerPicker exclude={exclude} disabled={add.isPending} onPick={(c) => add.mutate({ interestId: interest.id, customerId: c.id })} />
      <Typography variant="subtitle2" color="text.secondary" data-testid="interest-member-count">
        {t('interests_members_count', { count: members.data ? rows.length : interest.memberCount })}
      </Typography>
      {members.isPending ? (
        [0, 1, 2].map((i) => <Skeleton key={i} height={44} />)
      ) : members.isError ? (
        <Alert severity="error" action={<Button onClick={() => void members.refetch()}>{t('retry')}</Button>} data-testid="interest-members-error">
          {t('interests_load_failed')}
        </Alert>
      ) : rows.length === 0 ? (
        <Typography color="text.secondary" data-testid="interest-members-empty">
          {t('interests_no_members')}
        </Typography>
      ) : (
        <List dense disablePadding data-testid="interest-members">
          {rows.map((m) => {
            const id = customerIdOf(m.customer);
            return (
              <ListItem
                key={m['@id']}
                divider
                data-testid={`interest-member-${id ?? m['@id']}`}
                secondaryAction={
                  <Tooltip title={t('interests_remove_member')}>
                    <IconButton
                      edge="end"
                      onClick={() => setRemoving(m)}
                      aria-label={t('interests_remove_member')}
                      data-testid={`interest-member-remove-${id}`}
                    >
                      <DeleteOutlined fontSize="small" />
                    </IconButton>
                  </Tooltip>
                }
              >
                <ListItemText
                  primary={
                    id ? (
                      <Link component={RouterLink} to={`/communication/${id}/details`} underline="hover">
                        {m.customerName}
                      </Link>
                    ) : (
                      m.customerName
                    )
                  }
                  secondary={t('interests_member_since', { date: formatDateTime(m.createdAt) })}
                />
              </ListItem>
            );
          })}
        </List>
      )}
      {editing && <InterestDialog interest={interest} onClose={() => setEditing(false)} />}
      <ConfirmDialog
        open={deleting}
        title={t('interests_delete_title')}
        text={t('interests_delete_text', { name: interest.name, count: interest.memberCount })}
        confirmLabel={t('delete')}
        busy={del.isPending}
        onClose={() => setDeleting(false)}
        onConfirm={() =>
          del.mutate(interest.id, {
            onSuccess: () => {
              setDeleting(false);
              onDeleted();
            },
          })
        }
      />
      <ConfirmDialog
        open={removing !== null}
        title={t('interests_remove_member')}
        text={t('interests_remove_member_text', { customer: removing?.customerName ?? '', name: interest.name })}
        confirmLabel={t('interests_remove')}
        busy={remove.isPending}
        onClose={() => setRemoving(null)}
        onConfirm={() => removing && remove.mutate(removing, { onSuccess: () => setRemoving(null) })}
      />
    </Box>
  );
}
