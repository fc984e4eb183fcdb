import { Fragment, useState } from 'react';
import CloseOutlined from '@mui/icons-material/CloseOutlined';
import ExpandLessOutlined from '@mui/icons-material/ExpandLessOutlined';
import ExpandMoreOutlined from '@mui/icons-material/ExpandMoreOutlined';
import ReplayOutlined from '@mui/icons-material/ReplayOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Drawer from '@mui/material/Drawer';
import IconButton from '@mui/material/IconButton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import type { TWebhookDelivery, TWebhookEndpoint } from '@cd/contracts/outgoing-webhooks';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { LoadErrorAlert } from '../../../components/ui/load-error-alert';
import { TableLoadingRows } from '../../../components/ui/table-loading-rows';
import { ApiError, describeError } from '../../../lib/api-client';
import { formatDateTime } from '../../../lib/format';
import { translateMessage } from '../../../lib/i18n';
import { toastError, toastSuccess } from '../../../lib/toast';
import { useWebhookDeliveries } from '../api/get-webhook-deliveries';
import { useReplayWebhookDelivery } from '../api/replay-webhook-delivery';
import { DeliveryStatusChip } from './webhook-status-chip';

const COLUMNS = 6;

function DeliveryDetails({ d }: { d: TWebhookDelivery }) {
  const { t } = useTranslation();
  const pre = { m: 0, p: 1.5, borderRadius: 1, bgcolor: 'action.hover', fontSize: 12, overflowX: 'auto', maxHeight: 320, whiteSpace: 'pre' } as const;
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1, py: 1 }} data-testid="webhook-delivery-details">
      <Typography variant="caption" color="text.secondary">
        {t('webhooks_event_id')}: <code>{d.eventId}</code>
        {d.nextAttemptAt ? ` · ${t('webhooks_next_attempt')}: ${formatDateTime(d.nextAttemptAt)}` : ''}
      </Typography>
      {d.error && (
        <Typography variant="body2" color="error">
          {d.error}
        </Typography>
      )}
      <Typography variant="subtitle2">{t('webhooks_payload')}</Typography>
      <Box component="pre" sx={pre} data-testid="webhook-delivery-payload" tabIndex={0}>
        {JSON.stringify(d.payload, null, 2)}
      </Box>
      {d.responseBody && (
        <>
          <Typography variant="subtitle2">{t('webhooks_response')}</Typography>
          <Box component="pre" sx={pre} tabIndex={0}>
            {d.responseBody}
          </Box>
        </>
      )}
    </Box>
  );
}

/** One endpoint's delivery log, newest first: status, attempts, answer, time; details with the payload; replay (confirmed). */
export function WebhookDeliveriesDrawer({ endpoint, onClose }: { endpoint: TWebhookEndpoint | null; onClose: () => void }) {
  const { t } = useTranslation();
  const deliveries = useWebhookDeliveries(endpoint?.id ?? null);
  const replay = useReplayWebhookDelivery();
  const [open, setOpen] = useState<number | null>(null);
  const [replaying, setReplaying] = useState<TWebhookDelivery | null>(null);
  const rows = deliveries.data?.pages.flatMap((p) => p.member) ?? [];

  const confirmReplay = () => {
    if (!replaying || !endpoint) return;
    replay.mutate(
      { id: replaying.id, endpointId: endpoint.id },
      {
        onSuccess: () => {
          toastSuccess(t('webhooks_replay_queued'));
          setReplaying(null);
        },
        onError: (err) => toastError(err instanceof ApiError ? describeError(err.body, translateMessage) : t('webhooks_replay_failed')),
      },
    );
  };

  return (
    <Drawer
      anchor="right"
      open={endpoint !== null}
      onClose={onClose}
      // Above the desktop top bar (which sits over the side menu's drawer level), so the log's title is not hidden.
      sx={{ zIndex: (theme) => theme.zIndex.modal }}
      slotProps={{
        paper: { sx: { width: { xs: '100%', sm: 760 } }, 'aria-labelledby': 'webhook-deliveries-title', 'data-testid': 'webhook-deliveries' } as object,
      }}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, px: 2, py: 1.5, borderBottom: 1, borderColor: 'divider' }}>
        <Box sx={{ flex: 1, minWidth: 0 }}>
          <Typography id="webhook-deliveries-title" variant="h6" component="h2">
            {t('webhooks_deliveries')}
          </Typography>
          <Typography variant="body2" color="text.secondary" noWrap>
            {endpoint?.url}
          </Typography>
        </Box>
        <IconButton onClick={onClose} aria-label={t('close')}>
          <CloseOutlined />
        </IconButton>
      </Box>
      <Box sx={{ overflowY: 'auto', flex: 1 }}>
        {deliveries.isError && !deliveries.data ? (
          <Box sx={{ p: 2 }}>
            <LoadErrorAlert
              error={deliveries.error}
              failedText={t('webhooks_deliveries_failed')}
              onRetry={() => void deliveries.refetch()}
              testId="webhook-deliveries-error"
            />
          </Box>
        ) : (
          <Table size="small" aria-labelledby="webhook-deliveries-title">
            <TableHead>
              <TableRow>
                <TableCell padding="checkbox" />
                <TableCell>{t('webhooks_col_event')}</TableCell>
                <TableCell>{t('webhooks_col_status')}</TableCell>
                <TableCell>{t('webhooks_col_answer')}</TableCell>
                <TableCell>{t('webhooks_col_time')}</TableCell>
                <TableCell align="right">{t('webhooks_col_actions')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {deliveries.isPending && <TableLoadingRows columns={COLUMNS} testId="webhook-deliveries-loading" />}
              {!deliveries.isPending && rows.length === 0 && (
                <TableRow>
                  <TableCell colSpan={COLUMNS} align="center" sx={{ py: 6, color: 'text.secondary' }} data-testid="webhook-deliveries-empty">
                    {t('webhooks_deliveries_empty')}
                  </TableCell>
                </TableRow>
              )}
              {rows.map((d) => (
                <Fragment key={d.id}>
                  <TableRow hover data-testid="webhook-delivery-row" data-type={d.type}>
                    <TableCell padding="checkbox">
                      <IconButton
                        size="small"
                        aria-expanded={open === d.id}
                        aria-label={t('webhooks_details')}
                        onClick={() => setOpen(open === d.id ? null : d.id)}
                      >
                        {open === d.id ? <ExpandLessOutlined fontSize="small" /> : <ExpandMoreOutlined fontSize="small" />}
                      </IconButton>
                    </TableCell>
                    <TableCell>
                      <code>{d.type}</code>
                      {d.replayOf && (
                        <Typography variant="caption" color="text.secondary" sx={{ display: 'block' }}>
                          {t('webhooks_replay_of', { id: d.replayOf })}
                        </Typography>
                      )}
                    </TableCell>
                    <TableCell>
                      <DeliveryStatusChip status={d.status} error={d.error} />
                      <Typography variant="caption" color="text.secondary" sx={{ display: 'block' }}>
                        {t('webhooks_attempts', { count: d.attempts })}
                      </Typography>
                    </TableCell>
                    <TableCell>
                      {d.responseStatus ?? '—'}
                      {d.durationMs !== null && (
                        <Typography variant="caption" color="text.secondary" sx={{ display: 'block' }}>
                          {t('webhooks_duration', { ms: d.durationMs })}
                        </Typography>
                      )}
                    </TableCell>
                    <TableCell>{formatDateTime(d.lastAttemptAt ?? d.createdAt)}</TableCell>
                    <TableCell align="right">
                      <Tooltip title={t('webhooks_replay')}>
                        <span>
                          <IconButton
                            size="small"
                            aria-label={t('webhooks_replay')}
                            onClick={() => setReplaying(d)}
                            disabled={!endpoint?.enabled}
                            data-testid="webhook-delivery-replay"
                          >
                            <ReplayOutlined fontSize="small" />
                          </IconButton>
                        </span>
                      </Tooltip>
                    </TableCell>
                  </TableRow>
                  {open === d.id && (
                    <TableRow>
                      <TableCell colSpan={COLUMNS}>
                        <DeliveryDetails d={d} />
                      </TableCell>
                    </TableRow>
                  )}
                </Fragment>
              ))}
            </TableBody>
          </Table>
        )}
        {deliveries.hasNextPage && (
          <Box sx={{ display: 'flex', justifyContent: 'center', p: 2 }}>
            <Button
              onClick={() => void deliveries.fetchNextPage()}
              disabled={deliveries.isFetchingNextPage}
              startIcon={deliveries.isFetchingNextPage ? <CircularProgress size={16} /> : undefined}
            >
              {t('webhooks_load_more')}
            </Button>
          </Box>
        )}
      </Box>
      <ConfirmDialog
        open={replaying !== null}
        title={t('webhooks_replay_title')}
        text={t('webhooks_replay_text', { type: replaying?.type ?? '' })}
        confirmLabel={t('webhooks_replay')}
        busy={replay.isPending}
        onConfirm={confirmReplay}
        onClose={() => setReplaying(null)}
      />
    </Drawer>
  );
}
