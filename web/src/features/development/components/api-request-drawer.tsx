import CloseOutlined from '@mui/icons-material/CloseOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Drawer from '@mui/material/Drawer';
import IconButton from '@mui/material/IconButton';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { TApiRequestDetail } from '@cd/contracts/dev-logs';
import { useApiRequest } from '../api/get-api-request';
import { buildCurlCommand } from '../lib/curl';
import { formatDuration, formatLogTime } from '../lib/dev-format';
import { CopyButton } from './copy-button';
import { BodyBlock, ExchangeBlock, HeadersBlock } from './exchange-block';
import { StatusChip } from './status-chips';
import { SummaryGrid } from './summary-grid';

/** One outside call: what was sent and what came back (redacted as stored), plus "Copy as curl". */
export function ApiRequestDrawer({ id, onClose }: { id: number | null; onClose: () => void }) {
  const { t } = useTranslation();
  const call = useApiRequest(id);
  return (
    <Drawer anchor="right" open={id !== null} onClose={onClose} slotProps={{ paper: { sx: { width: { xs: '100%', md: 720 } } } }}>
      <Box sx={{ p: 2, display: 'flex', flexDirection: 'column', gap: 1.5 }} data-testid="api-request-detail" role="region" aria-label={t('dev_call_detail')}>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
          <Typography variant="h6" component="h2" sx={{ flex: 1 }}>
            {t('dev_call_detail')} {id !== null && `#${id}`}
          </Typography>
          <IconButton aria-label={t('close')} onClick={onClose} data-testid="api-request-close">
            <CloseOutlined />
          </IconButton>
        </Box>
        {call.isPending && id !== null && <Skeleton variant="rounded" height={240} />}
        {call.isError && <Alert severity="error">{t('dev_detail_load_failed')}</Alert>}
        {call.data && <ApiRequestBody call={call.data} />}
      </Box>
    </Drawer>
  );
}

function ApiRequestBody({ call }: { call: TApiRequestDetail }) {
  const { t } = useTranslation();
  const curl = buildCurlCommand({ method: call.method, url: call.url, headers: call.requestHeaders, body: call.requestBody });
  return (
    <>
      <SummaryGrid
        items={[
          [t('dev_time'), formatLogTime(call.createdAt)],
          [t('dev_company'), call.companyName ?? t('dev_no_company')],
          [t('dev_vendor'), call.vendor],
          [t('dev_operation'), call.operation],
          [t('dev_status'), <StatusChip key="s" status={call.status} statusClass={call.statusClass} />],
          [t('dev_duration'), formatDuration(call.durationMs)],
          ...(call.subjectType ? [[t('dev_subject'), `${t(`dev_subject_${call.subjectType}`)} #${call.subjectId ?? '?'}`] as [string, string]] : []),
        ]}
      />
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
        <Typography component="code" sx={{ fontFamily: 'monospace', fontSize: 13, wordBreak: 'break-all', flex: 1 }} data-testid="api-request-url">
          <strong>{call.method}</strong> {call.url}
        </Typography>
        <CopyButton text={call.url} testId="api-request-copy-url" />
      </Box>
      <Box sx={{ display: 'flex', gap: 1 }}>
        <CopyButton text={curl} label={t('dev_copy_curl')} testId="api-request-copy-curl" />
      </Box>
      {call.error && (
        <Alert severity="error" data-testid="api-request-error" sx={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}>
          {call.error}
        </Alert>
      )}
      <HeadersBlock title={t('dev_request_headers')} headers={call.requestHeaders} testId="api-request-request-headers" />
      <BodyBlock title={t('dev_request_body')} body={call.requestBody} testId="api-request-request-body" />
      <HeadersBlock title={t('dev_response_headers')} headers={call.responseHeaders} testId="api-request-response-headers" />
      <BodyBlock title={t('dev_response_body')} body={call.responseBody} testId="api-request-response-body" />
      <ExchangeBlock title={t('dev_curl')} text={curl} testId="api-request-curl" open={false} />
    </>
  );
}
