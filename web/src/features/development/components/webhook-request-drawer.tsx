import CloseOutlined from '@mui/icons-material/CloseOutlined';
import ReplayOutlined from '@mui/icons-material/ReplayOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Drawer from '@mui/material/Drawer';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TWebhookRequestDetail } from '@cd/contracts/dev-logs';
import { useWebhookRequest } from '../api/get-webhook-request';
import { formatDuration, formatLogTime } from '../lib/dev-format';
import { CopyButton } from './copy-button';
import { BodyBlock, HeadersBlock } from './exchange-block';
import { ReplayDialog } from './replay-dialog';
import { OutcomeChip, StatusChip, VerificationChip } from './status-chips';
import { SummaryGrid } from './summary-grid';

/** One incoming webhook: what arrived and what the product answered, with the replay action. */
export function WebhookRequestDrawer({ id, onClose, onOpen }: { id: number | null; onClose: () => void; onOpen: (id: number) => void }) {
  const { t } = useTranslation();
  const hook = useWebhookRequest(id);
  return (
    <Drawer anchor="right" open={id !== null} onClose={onClose} slotProps={{ paper: { sx: { width: { xs: '100%', md: 720 } } } }}>
      <Box
        sx={{ p: 2, display: 'flex', flexDirection: 'column', gap: 1.5 }}
        data-testid="webhook-request-detail"
        role="region"
        aria-label={t('dev_webhook_detail')}
      >
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
          <Typography variant="h6" component="h2" sx={{ flex: 1 }}>
            {t('dev_webhook_detail')} {id !== null && `#${id}`}
          </Typography>
          <IconButton aria-label={t('close')} onClick={onClose} data-testid="webhook-request-close">
            <CloseOutlined />
          </IconButton>
        </Box>
        {hook.isPending && id !== null && <Skeleton variant="rounded" height={240} />}
        {hook.isError && <Alert severity="error">{t('dev_detail_load_failed')}</Alert>}
        {hook.data && <WebhookRequestBody key={hook.data.id} hook={hook.data} onOpen={onOpen} />}
      </Box>
    </Drawer>
  );
}

export function WebhookRequestBody({ hook, onOpen }: { hook: TWebhookRequestDetail; onOpen: (id: number) => void }) {
  const { t } = useTranslation();
  const [confirming, setConfirming] = useState(false);
  return (
    <>
      <SummaryGrid
        items={[
          [t('dev_time'), formatLogTime(hook.createdAt)],
          [t('dev_company'), hook.companyName ?? t('dev_no_company')],
          [t('dev_source'), t(`dev_source_${hook.source}`)],
          [t('dev_status'), <StatusChip key="s" status={hook.status} />],
          [t('dev_verification'), <VerificationChip key="v" value={hook.verification} />],
          [t('dev_outcome'), <OutcomeChip key="o" value={hook.outcome} />],
          [t('dev_duration'), formatDuration(hook.durationMs)],
          [
            t('dev_replays'),
            <span key="r" data-testid="webhook-request-replay-count">
              {hook.replayCount}
            </span>,
          ],
        ]}
      />
      {hook.replayOf !== null && (
        <Typography variant="body2">
          {t('dev_replay_of')}{' '}
          <Link component="button" type="button" onClick={() => onOpen(hook.replayOf!)} data-testid="webhook-request-original">
            #{hook.replayOf}
          </Link>
        </Typography>
      )}
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
        <Typography component="code" sx={{ fontFamily: 'monospace', fontSize: 13, wordBreak: 'break-all', flex: 1 }}>
          <strong>{hook.method}</strong> {hook.url}
        </Typography>
        <CopyButton text={hook.url} testId="webhook-request-copy-url" />
      </Box>
      <Box>
        <Button variant="outlined" size="small" startIcon={<ReplayOutlined />} onClick={() => setConfirming(true)} data-testid="webhook-request-replay">
          {t('dev_replay')}
        </Button>
      </Box>
      {hook.error && (
        <Alert severity="error" sx={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }} data-testid="webhook-request-error">
          {hook.error}
        </Alert>
      )}
      <HeadersBlock title={t('dev_request_headers')} headers={hook.requestHeaders} testId="webhook-request-headers" />
      <BodyBlock
        title={hook.contentType ? `${t('dev_request_body')} (${hook.contentType})` : t('dev_request_body')}
        body={hook.body}
        testId="webhook-request-body"
      />
      <BodyBlock title={t('dev_response_body')} body={hook.responseBody} testId="webhook-request-response-body" />
      <ReplayDialog
        entry={hook}
        open={confirming}
        onClose={() => setConfirming(false)}
        onOpenEntry={(newId) => {
          setConfirming(false);
          onOpen(newId);
        }}
      />
    </>
  );
}
