import { useState } from 'react';
import Add from '@mui/icons-material/Add';
import DeleteOutline from '@mui/icons-material/DeleteOutlined';
import Edit from '@mui/icons-material/EditOutlined';
import Key from '@mui/icons-material/KeyOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Switch from '@mui/material/Switch';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { TCompany } from '@cd/contracts/company';
import { isCompanyAdmin } from '@cd/contracts/roles';
import type { TUser } from '@cd/contracts/user';
import { InitialsAvatar } from '../../../components/ui/initials-avatar';
import { TableLoadingRows } from '../../../components/ui/table-loading-rows';
import { useCurrentUser } from '../../../lib/current-user';
import { formatPhone, fullName } from '../../../lib/format';
import { toastSuccess } from '../../../lib/toast';
import { useUsers } from '../api/get-users';
import { useUpdateUserEnabled } from '../api/update-user-enabled';
import { roleLabelKey, visibleRoles } from '../lib/user-form';
import { ChangePasswordDialog } from './change-password-dialog';
import { DeleteUserDialog } from './delete-user-dialog';
import { UserDialog } from './user-dialog';

/** Phone and roles get their own columns on wide screens and move under the name on narrow ones. */
const wide = { display: { xs: 'none', lg: 'table-cell' } } as const;
const narrow = { display: { xs: 'block', lg: 'none' } } as const;

type TOpenDialog = { kind: 'add' } | { kind: 'edit' | 'password' | 'delete'; user: TUser } | null;

/**
 * The users tab (spec part 2 §2): the company's users with their roles (the plain user role hidden) and enabled
 * state; company and super admins add, edit, change passwords, enable/disable and delete with transfer. The server
 * lets only them list users, so everyone else gets a plain note instead of a table.
 */
export function UsersTab({ company }: { company: TCompany }) {
  const { t } = useTranslation();
  const me = useCurrentUser();
  if (!isCompanyAdmin(me.roles))
    return (
      <Alert severity="info" sx={{ maxWidth: 1000 }} data-testid="users-admins-only">
        {t('users_admins_only')}
      </Alert>
    );
  return <UsersTable company={company} selfIds={[me.id, me.impersonator?.id].filter((x): x is number => typeof x === 'number')} />;
}

function UsersTable({ company, selfIds }: { company: TCompany; selfIds: number[] }) {
  const { t } = useTranslation();
  const users = useUsers(company.id);
  const toggle = useUpdateUserEnabled();
  const [dialog, setDialog] = useState<TOpenDialog>(null);
  const close = () => setDialog(null);

  const onToggle = (user: TUser) =>
    toggle.mutate({ companyId: company.id, id: user.id, enabled: !user.enabled }, { onSuccess: () => toastSuccess(t('success')) });

  const forbidden = users.error && 'status' in users.error && (users.error.status === 403 || users.error.status === 404);

  return (
    <Paper variant="outlined" sx={{ maxWidth: 1200, overflow: 'hidden' }} data-testid="users">
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, p: { xs: 2, md: 3 }, pb: { xs: 1.5, md: 2 } }}>
        <Typography variant="h6" component="h2" sx={{ fontWeight: 600, flex: 1 }}>
          {t('users')}
          {users.data && (
            <Typography component="span" color="text.secondary" sx={{ ml: 1, fontWeight: 400 }}>
              ({users.data.length})
            </Typography>
          )}
        </Typography>
        <Button type="button" variant="contained" startIcon={<Add />} onClick={() => setDialog({ kind: 'add' })} data-testid="user-add">
          {t('user_add')}
        </Button>
      </Box>
      {users.isFetching && !users.isPending && <LinearProgress aria-label={t('loading')} sx={{ height: 2 }} />}
      {users.isError ? (
        <Alert
          severity={forbidden ? 'info' : 'error'}
          sx={{ mx: { xs: 2, md: 3 }, mb: 3 }}
          data-testid="users-error"
          action={
            forbidden ? undefined : (
              <Button type="button" color="inherit" size="small" onClick={() => void users.refetch()}>
                {t('retry')}
              </Button>
            )
          }
        >
          {forbidden ? t('users_admins_only') : t('users_load_failed')}
        </Alert>
      ) : (
        <TableContainer>
          <Table size="small" aria-label={t('users')} data-testid="users-table">
            <TableHead>
              <TableRow>
                <TableCell sx={{ pl: { md: 3 } }}>{t('name')}</TableCell>
                <TableCell sx={wide}>{t('phone')}</TableCell>
                <TableCell sx={wide}>{t('user_roles')}</TableCell>
                <TableCell>{t('enabled')}</TableCell>
                <TableCell align="right" sx={{ pr: { md: 3 } }}>
                  {t('actions')}
                </TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {users.isPending && <TableLoadingRows columns={5} testId="users-loading" />}
              {users.data?.length === 0 && (
                <TableRow>
                  <TableCell colSpan={5} align="center" sx={{ py: 5, color: 'text.secondary' }} data-testid="users-empty">
                    {t('users_empty')}
                  </TableCell>
                </TableRow>
              )}
              {users.data?.map((u) => (
                <UserRow
                  key={u.id}
                  user={u}
                  isSelf={selfIds.includes(u.id)}
                  toggling={toggle.isPending && toggle.variables?.id === u.id}
                  onToggle={() => onToggle(u)}
                  onOpen={(kind) => setDialog({ kind, user: u })}
                />
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      )}
      {dialog?.kind === 'add' && <UserDialog company={company} user={null} onClose={close} />}
      {dialog?.kind === 'edit' && <UserDialog company={company} user={dialog.user} onClose={close} />}
      {dialog?.kind === 'password' && <ChangePasswordDialog user={dialog.user} onClose={close} />}
      {dialog?.kind === 'delete' && <DeleteUserDialog companyId={company.id} user={dialog.user} users={users.data ?? []} onClose={close} />}
    </Paper>
  );
}

/** An address that may wrap only after the at-sign when the column is narrow. */
function EmailText({ email }: { email: string }) {
  const at = email.indexOf('@');
  if (at < 0) return <>{email}</>;
  return (
    <>
      {email.slice(0, at + 1)}
      <wbr />
      {email.slice(at + 1)}
    </>
  );
}

function RoleChips({ roles }: { roles: string[] }) {
  const { t } = useTranslation();
  const shown = visibleRoles(roles);
  if (shown.length === 0)
    return (
      <Typography variant="body2" color="text.secondary">
        —
      </Typography>
    );
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5 }}>
      {shown.map((r) => (
        <Chip key={r} size="small" variant="outlined" label={t(roleLabelKey(r), { defaultValue: r })} />
      ))}
    </Box>
  );
}

interface TRowProps {
  user: TUser;
  isSelf: boolean;
  toggling: boolean;
  onToggle: () => void;
  onOpen: (kind: 'edit' | 'password' | 'delete') => void;
}

function UserRow({ user: u, isSelf, toggling, onToggle, onOpen }: TRowProps) {
  const { t } = useTranslation();
  const name = fullName(u) || u.email;
  const muted = !u.enabled;
  return (
    <TableRow
      data-testid={`user-row-${u.id}`}
      data-enabled={u.enabled}
      sx={{
        '&:last-child td': { borderBottom: 0 },
        // Disabled users are styled as disabled (spec part 2 §2): greyed out, the switch off, a "Disabled" chip.
        ...(muted && { bgcolor: 'action.hover', '& .user-muted': { opacity: 0.55 } }),
      }}
    >
      <TableCell sx={{ pl: { md: 3 }, minWidth: 220 }}>
        <Box sx={{ display: 'flex', alignItems: 'flex-start', gap: 1.5 }}>
          <Box className="user-muted" sx={{ pt: 0.25 }}>
            <InitialsAvatar person={u} size={34} />
          </Box>
          <Box sx={{ minWidth: 0 }}>
            <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.75, flexWrap: 'wrap' }}>
              <Typography className="user-muted" sx={{ fontWeight: 600 }} data-testid="user-name">
                {name}
              </Typography>
              {isSelf && <Chip size="small" color="primary" variant="outlined" label={t('user_you')} />}
              {muted && <Chip size="small" label={t('user_disabled')} data-testid="user-disabled-chip" />}
            </Box>
            <Box className="user-muted">
              <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'break-word', whiteSpace: { lg: 'nowrap' } }}>
                <EmailText email={u.email} />
              </Typography>
              {u.phone && (
                <Typography variant="body2" color="text.secondary" sx={narrow}>
                  {formatPhone(u.phone)}
                </Typography>
              )}
              <Box sx={{ ...narrow, mt: 0.5 }}>
                <RoleChips roles={u.roles} />
              </Box>
            </Box>
          </Box>
        </Box>
      </TableCell>
      <TableCell className="user-muted" sx={{ ...wide, whiteSpace: 'nowrap' }}>
        {formatPhone(u.phone)}
      </TableCell>
      <TableCell className="user-muted" sx={wide}>
        <RoleChips roles={u.roles} />
      </TableCell>
      <TableCell>
        <Tooltip title={isSelf ? t('user_cannot_disable_self') : u.enabled ? t('disable') : t('enable')}>
          <span>
            <Switch
              size="small"
              checked={u.enabled}
              disabled={isSelf || toggling}
              onChange={onToggle}
              slotProps={{ input: { 'aria-label': `${t('enabled')}: ${name}`, 'data-testid': `user-enabled-${u.id}` } as object }}
            />
          </span>
        </Tooltip>
      </TableCell>
      <TableCell align="right" sx={{ whiteSpace: 'nowrap', pr: { md: 2 } }}>
        <Tooltip title={t('edit')}>
          <IconButton type="button" size="small" aria-label={`${t('edit')}: ${name}`} onClick={() => onOpen('edit')} data-testid={`user-edit-${u.id}`}>
            <Edit fontSize="small" />
          </IconButton>
        </Tooltip>
        <Tooltip title={t('user_change_password')}>
          <IconButton
            type="button"
            size="small"
            aria-label={`${t('user_change_password')}: ${name}`}
            onClick={() => onOpen('password')}
            data-testid={`user-password-${u.id}`}
          >
            <Key fontSize="small" />
          </IconButton>
        </Tooltip>
        <Tooltip title={isSelf ? t('user_cannot_delete_self') : t('delete')}>
          <span>
            <IconButton
              type="button"
              size="small"
              color="error"
              disabled={isSelf}
              aria-label={`${t('delete')}: ${name}`}
              onClick={() => onOpen('delete')}
              data-testid={`user-delete-${u.id}`}
            >
              <DeleteOutline fontSize="small" />
            </IconButton>
          </span>
        </Tooltip>
      </TableCell>
    </TableRow>
  );
}
