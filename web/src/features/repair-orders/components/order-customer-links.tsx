import { useState } from 'react';
import ContentCopy from '@mui/icons-material/ContentCopy';
import LinkOff from '@mui/icons-material/LinkOff';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { TCustomerLink } from '@cd/contracts/customer-link';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { formatDateTime } from '../../../lib/format';
import { toastSuccess } from '../../../lib/toast';
import { useCustomerLinks } from '../api/get-customer-links';
import { useRevokeCustomerLink } from '../api/revoke-customer-link';
import { LINK_STATE_COLOR, linkPurposeLabelKey, linkStateLabelKey } from '../lib/labels';
import { mergeNewestFirst } from '../lib/survey-view';
import { SectionTitle } from './section-title';

function LinkRow({ link, onRevoke }: { link: TCustomerLink; onRevoke: () => void }) {
  const { t } = useTranslation();
  return (
    <Box
      sx={{ py: 1, borderTop: 1, borderColor: 'divider', display: 'flex', flexDirection: 'column', gap: 0.5 }}
      data-testid={`customer-link-${link.id}`}
      data-purpose={link.purpose}
      data-state={link.state}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
        <Typography variant="body2" sx={{ fontWeight: 600, flex: 1 }}>
          {t(linkPurposeLabelKey(link.purpose))}
        </Typography>
        <Chip size="small" color={LINK_STATE_COLOR[link.state]} variant="outlined" label={t(linkStateLabelKey(link.state))} />
        <Tooltip title={t('copy_link')}>
          <IconButton
            size="small"
            aria-label={t('copy_link')}
            onClick={() => void navigator.clipboard?.writeText(link.url).then(() => toastSuccess(t('link_copied')))}
          >
            <ContentCopy fontSize="small" />
          </IconButton>
        </Tooltip>
        {link.state === 'active' && (
          <Tooltip title={t('revoke_link')}>
            <IconButton size="small" color="error" aria-label={t('revoke_link')} onClick={onRevoke} data-testid={`customer-link-revoke-${link.id}`}>
              <LinkOff fontSize="small" />
            </IconButton>
          </Tooltip>
        )}
      </Box>
      <Link
        href={link.url}
        target="_blank"
        rel="noopener"
        variant="caption"
        sx={{ fontFamily: 'monospace', overflowWrap: 'anywhere' }}
        data-testid="customer-link-url"
      >
        {link.url}
      </Link>
      <Typography variant="caption" color={link.openCount > 0 ? 'success.main' : 'text.secondary'} data-testid="customer-link-opened">
        {link.openCount > 0 ? t('link_opened', { count: link.openCount, time: formatDateTime(link.firstOpenedAt) }) : t('link_not_opened')}
        {link.expiresAt && link.state === 'active' ? ` · ${t('link_expires_at', { time: formatDateTime(link.expiresAt) })}` : ''}
      </Typography>
    </Box>
  );
}

/** The links sent for this order and its survey, and whether the customer opened them; a link can be revoked. */
export function OrderCustomerLinks({ orderId, surveyId }: { orderId: number; surveyId: number | null }) {
  const { t } = useTranslation();
  const query = useCustomerLinks({ entity: 'repair_order', id: orderId });
  const survey = useCustomerLinks({ entity: 'survey', id: surveyId });
  const revoke = useRevokeCustomerLink();
  const [revoking, setRevoking] = useState<TCustomerLink | null>(null);
  const list = mergeNewestFirst([query.data, survey.data]);
  return (
    <Paper variant="outlined" sx={{ p: { xs: 1.5, sm: 2.5 } }} data-testid="repair-order-customer-links">
      <SectionTitle>{t('customer_links')}</SectionTitle>
      {query.isPending ? (
        <Skeleton height={64} />
      ) : list.length === 0 ? (
        <Typography variant="body2" color="text.secondary" sx={{ fontStyle: 'italic' }}>
          {t('customer_links_none')}
        </Typography>
      ) : (
        list.map((l) => <LinkRow key={l.id} link={l} onRevoke={() => setRevoking(l)} />)
      )}
      <ConfirmDialog
        open={!!revoking}
        title={t('revoke_link')}
        text={t('revoke_link_text')}
        confirmLabel={t('revoke_link')}
        busy={revoke.isPending}
        onClose={() => setRevoking(null)}
        onConfirm={() => revoking && revoke.mutate({ id: revoking.id }, { onSuccess: () => setRevoking(null) })}
      />
    </Paper>
  );
}
