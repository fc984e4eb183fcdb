import { useState, type ReactNode } from 'react';
import AddOutlined from '@mui/icons-material/AddOutlined';
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import EditOutlined from '@mui/icons-material/EditOutlined';
import KeyOutlined from '@mui/icons-material/KeyOutlined';
import ListAltOutlined from '@mui/icons-material/ListAltOutlined';
import SendOutlined from '@mui/icons-material/SendOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import type { TWebhookEndpoint } from '@cd/contracts/outgoing-webhooks';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { LoadErrorAlert } from '../../../components/ui/load-error-alert';
import { TableLoadingRows } from '../../../components/ui/table-loading-rows';
import { ApiError, describeError } from '../../../lib/api-client';
import { translateMessage } from '../../../lib/i18n';
import { toastError, toastSuccess } from '../../../lib/toast';
import { useDeleteWebhookEndpoint } from '../api/delete-webhook-endpoint';
import { useWebhookEndpoints } from '../api/get-webhook-endpoints';
import { useSendWebhookTest } from '../api/send-webhook-test';
import { WebhookDeliveriesDrawer } from './webhook-deliveries-drawer';
import { WebhookEndpointDialog } from './webhook-endpoint-dialog';
import { WebhookSecretDialog } from './webhook-secret-dialog';
import { EndpointStateChip } from './webhook-status-chip';

const COLUMNS = 4;

/**
 * /settings/webhooks (company admins, issue 21): the company's outgoing webhook endpoints, their signing secrets, a
 * test event, and each endpoint's delivery log (`?deliveries=<id>` opens it, shareable). docs/outgoing-webhooks.md.
 */
export function WebhooksPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const endpoints = useWebhookEndpoints();
  const remove = useDeleteWebhookEndpoint();
  const test = useSendWebhookTest();
  const [editing, setEditing] = useState<TWebhookEndpoint | 'new' | null>(null);
  const [secretOf, setSecretOf] = useState<{ endpoint: TWebhookEndpoint; secret: string | null } | null>(null);
  const [deleting, setDeleting] = useState<TWebhookEndpoint | null>(null);
  const rows = endpoints.data?.member ?? [];
  const deliveriesId = Number(params.get('deliveries')) || null;
  const deliveriesOf = rows.find((e) => e.id === deliveriesId) ?? null;

  const setDeliveries = (id: number | null) =>
    setParams((prev) => {
      const next = new URLSearchParams(prev);
      if (id === null) next.delete('deliveries');
      else next.set('deliveries', String(id));
      return next;
    });
  const fail = (err: unknown, fallback: string) => toastError(err instanceof ApiError ? describeError(err.body, translateMessage) : t(fallback));
  const sendTest = (e: TWebhookEndpoint) =>
    test.mutate({ id: e.id }, { onSuccess: () => toastSuccess(t('webhooks_test_queued')), onError: (err) => fail(err, 'webhooks_test_failed') });
  const confirmDelete = () =>
    deleting &&
    remove.mutate(
      { id: deleting.id },
      {
        onSuccess: () => {
          toastSuccess(t('webhooks_deleted'));
          setDeleting(null);
        },
        onError: (err) => fail(err, 'webhooks_delete_failed'),
      },
    );

  const action = (label: string, testId: string, icon: ReactNode, onClick: () => void, disabled = false) => (
    <Tooltip title={label}>
      <span>
        <IconButton size="small" aria-label={label} onClick={onClick} disabled={disabled} data-testid={testId}>
          {icon}
        </IconButton>
      </span>
    </Tooltip>
  );

  return (
    <Box sx={{ p: { xs: 2, md: 3 }, display: 'flex', flexDirection: 'column', gap: 2, overflowY: 'auto' }} data-testid="webhooks-page">
      <Box sx={{ display: 'flex', alignItems: 'flex-start', gap: 2, flexWrap: 'wrap' }}>
        <Box sx={{ flex: 1, minWidth: 240 }}>
          <Typography variant="h5" component="h1" sx={{ fontWeight: 700 }}>
            {t('menu_outgoing_webhooks')}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {t('webhooks_intro')}
          </Typography>
        </Box>
        <Button variant="contained" startIcon={<AddOutlined />} onClick={() => setEditing('new')} data-testid="webhook-add">
          {t('webhooks_add')}
        </Button>
      </Box>
      {endpoints.isError && !endpoints.data ? (
        <LoadErrorAlert error={endpoints.error} failedText={t('webhooks_load_failed')} onRetry={() => void endpoints.refetch()} testId="webhooks-error" />
      ) : (
        <Paper variant="outlined">
          {endpoints.isFetching && !endpoints.isPending && <LinearProgress aria-label={t('loading')} />}
          <TableContainer>
            <Table size="small" aria-label={t('menu_outgoing_webhooks')} data-testid="webhooks-table">
              <TableHead>
                <TableRow>
                  <TableCell>{t('webhooks_url')}</TableCell>
                  <TableCell>{t('webhooks_events')}</TableCell>
                  <TableCell>{t('webhooks_col_status')}</TableCell>
                  <TableCell align="right">{t('webhooks_col_actions')}</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {endpoints.isPending && <TableLoadingRows columns={COLUMNS} testId="webhooks-loading" />}
                {!endpoints.isPending && rows.length === 0 && (
                  <TableRow>
                    <TableCell colSpan={COLUMNS} align="center" sx={{ py: 6, color: 'text.secondary' }} data-testid="webhooks-empty">
                      {t('webhooks_empty')}
                    </TableCell>
                  </TableRow>
                )}
                {rows.map((e) => (
                  <TableRow key={e.id} hover data-testid="webhook-row" data-url={e.url}>
                    <TableCell sx={{ maxWidth: 360 }}>
                      <Typography variant="body2" sx={{ wordBreak: 'break-all', fontFamily: 'monospace' }}>
                        {e.url}
                      </Typography>
                      {e.description && (
                        <Typography variant="caption" color="text.secondary">
                          {e.description}
                        </Typography>
                      )}
                    </TableCell>
                    <TableCell>
                      <Typography variant="body2" sx={{ fontFamily: 'monospace', fontSize: 12 }}>
                        {e.events.join(', ')}
                      </Typography>
                    </TableCell>
                    <TableCell>
                      <EndpointStateChip endpoint={e} />
                    </TableCell>
                    <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                      {action(t('webhooks_deliveries'), 'webhook-deliveries-open', <ListAltOutlined fontSize="small" />, () => setDeliveries(e.id))}
                      {action(t('webhooks_send_test'), 'webhook-test', <SendOutlined fontSize="small" />, () => sendTest(e), !e.enabled || test.isPending)}
                      {action(t('webhooks_secret_title'), 'webhook-secret', <KeyOutlined fontSize="small" />, () => setSecretOf({ endpoint: e, secret: null }))}
                      {action(t('edit'), 'webhook-edit', <EditOutlined fontSize="small" />, () => setEditing(e))}
                      {action(t('delete'), 'webhook-delete', <DeleteOutlined fontSize="small" />, () => setDeleting(e))}
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </TableContainer>
        </Paper>
      )}
      <WebhookEndpointDialog
        key={editing === null ? 'closed' : editing === 'new' ? 'new' : editing.id}
        endpoint={editing}
        onClose={() => setEditing(null)}
        onCreated={(created) => {
          setEditing(null);
          setSecretOf({ endpoint: created, secret: created.secret });
        }}
      />
      <WebhookSecretDialog
        key={secretOf ? `${secretOf.endpoint.id}-${secretOf.secret ?? ''}` : 'closed'}
        endpoint={secretOf?.endpoint ?? null}
        initialSecret={secretOf?.secret ?? null}
        onClose={() => setSecretOf(null)}
      />
      <ConfirmDialog
        open={deleting !== null}
        title={t('webhooks_delete_title')}
        text={t('webhooks_delete_text', { url: deleting?.url ?? '' })}
        confirmLabel={t('delete')}
        busy={remove.isPending}
        onConfirm={confirmDelete}
        onClose={() => setDeleting(null)}
      />
      <WebhookDeliveriesDrawer endpoint={deliveriesOf} onClose={() => setDeliveries(null)} />
    </Box>
  );
}
