import ArrowDownwardIcon from '@mui/icons-material/ArrowDownward';
import ArrowUpwardIcon from '@mui/icons-material/ArrowUpward';
import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { TRoutingRule } from '@cd/contracts/routing';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { LoadErrorAlert } from '../../../components/ui/load-error-alert';
import { ApiError, describeError } from '../../../lib/api-client';
import { translateMessage } from '../../../lib/i18n';
import { toastError, toastSuccess } from '../../../lib/toast';
import { useCompanyUsers } from '../api/get-company-users';
import { useRoutingRules } from '../api/get-routing-rules';
import { useRoutingSettings } from '../api/get-routing-settings';
import { useDeleteRoutingRule } from '../api/delete-routing-rule';
import { useReorderRoutingRules } from '../api/reorder-routing-rules';
import { useSaveRoutingRule } from '../api/save-routing-rule';
import { RoutingRuleDialog } from './routing-rule-dialog';
import { RoutingSettingsCard } from './routing-settings-card';
import { PageTitle } from '../../../components/ui/page-title';

/**
 * /settings/routing (company admins, issue 21; docs/routing.md): the ordered assignment rules (the first that matches
 * and finds an online agent wins; arrows reorder), and the response-time target with business hours.
 */
export function RoutingPage() {
  const { t } = useTranslation();
  const rules = useRoutingRules();
  const settings = useRoutingSettings();
  const users = useCompanyUsers();
  const save = useSaveRoutingRule();
  const remove = useDeleteRoutingRule();
  const reorder = useReorderRoutingRules();
  const [editing, setEditing] = useState<TRoutingRule | 'new' | null>(null);
  const [deleting, setDeleting] = useState<TRoutingRule | null>(null);
  const list = rules.data?.member ?? [];
  const userName = (id: number | null) => users.data?.find((u) => u.id === id)?.name ?? (id ? `#${id}` : '');
  const failed = (err: unknown) => toastError(err instanceof ApiError ? describeError(err.body, translateMessage) : t('routing_save_failed'));

  const move = (index: number, by: -1 | 1) => {
    const ids = list.map((r) => r.id);
    const [id] = ids.splice(index, 1);
    ids.splice(index + by, 0, id!);
    reorder.mutate(ids, { onError: failed });
  };

  return (
    <Box sx={{ p: { xs: 2, md: 3 }, display: 'flex', flexDirection: 'column', gap: 2, maxWidth: 960, overflowY: 'auto' }} data-testid="routing-page">
      <PageTitle title={t('menu_routing')} intro={t('routing_intro')} />
      <Paper sx={{ p: 2 }}>
        <Box sx={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center', mb: 1 }}>
          <Typography variant="h6">{t('routing_rules')}</Typography>
          <Button variant="contained" onClick={() => setEditing('new')} data-testid="routing-add-rule">
            {t('routing_add_rule')}
          </Button>
        </Box>
        {rules.isPending && <LinearProgress />}
        {rules.isError && (
          <LoadErrorAlert error={rules.error} failedText={t('routing_load_failed')} onRetry={() => void rules.refetch()} testId="routing-rules-error" />
        )}
        {rules.isSuccess && !list.length && <Typography color="text.secondary">{t('routing_no_rules')}</Typography>}
        <List dense>
          {list.map((r, i) => (
            <ListItem
              key={r.id}
              divider
              data-testid={`routing-rule-${r.id}`}
              secondaryAction={
                <Box>
                  <IconButton aria-label={t('routing_move_up')} disabled={i === 0 || reorder.isPending} onClick={() => move(i, -1)}>
                    <ArrowUpwardIcon fontSize="small" />
                  </IconButton>
                  <IconButton aria-label={t('routing_move_down')} disabled={i === list.length - 1 || reorder.isPending} onClick={() => move(i, 1)}>
                    <ArrowDownwardIcon fontSize="small" />
                  </IconButton>
                  <IconButton aria-label={t('routing_edit_rule')} onClick={() => setEditing(r)}>
                    <EditIcon fontSize="small" />
                  </IconButton>
                  <IconButton aria-label={t('delete')} onClick={() => setDeleting(r)}>
                    <DeleteIcon fontSize="small" />
                  </IconButton>
                </Box>
              }
            >
              <ListItemText
                sx={{ pr: 20 }}
                primary={
                  <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
                    <span>
                      {i + 1}. {r.name}
                    </span>
                    <Chip size="small" label={t(`routing_strategy_${r.strategy}`)} />
                    {!r.enabled && <Chip size="small" variant="outlined" label={t('routing_disabled')} />}
                  </Box>
                }
                secondary={[
                  r.channels.length ? `${t('routing_channels')}: ${r.channels.join(', ')}` : t('routing_any_channel'),
                  r.keywords.length ? `${t('routing_keywords')}: ${r.keywords.join(', ')}` : null,
                  r.strategy === 'fixed_user'
                    ? userName(r.userId)
                    : `${t(r.role.toLowerCase(), { defaultValue: r.role })}${r.department ? ` · ${r.department}` : ''}`,
                ]
                  .filter(Boolean)
                  .join(' — ')}
              />
            </ListItem>
          ))}
        </List>
      </Paper>
      {settings.isPending && <LinearProgress />}
      {settings.isError && (
        <LoadErrorAlert error={settings.error} failedText={t('routing_load_failed')} onRetry={() => void settings.refetch()} testId="routing-settings-error" />
      )}
      {settings.data && <RoutingSettingsCard key={JSON.stringify(settings.data)} settings={settings.data} />}
      {editing !== null && (
        <RoutingRuleDialog
          rule={editing === 'new' ? null : editing}
          users={users.data ?? []}
          busy={save.isPending}
          onClose={() => setEditing(null)}
          onSave={(body) =>
            save.mutate(
              { id: editing === 'new' ? null : editing.id, body },
              {
                onSuccess: () => {
                  setEditing(null);
                  toastSuccess(t('routing_saved'));
                },
                onError: failed,
              },
            )
          }
        />
      )}
      <ConfirmDialog
        open={deleting !== null}
        title={t('routing_delete_rule')}
        text={deleting?.name ?? ''}
        confirmLabel={t('delete')}
        busy={remove.isPending}
        onClose={() => setDeleting(null)}
        onConfirm={() => deleting && remove.mutate(deleting.id, { onSuccess: () => setDeleting(null), onError: failed })}
      />
    </Box>
  );
}
