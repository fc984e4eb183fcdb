import ContentCopy from '@mui/icons-material/ContentCopy';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { toastError, toastSuccess } from '../../../lib/toast';

/** An address to paste into a provider's console, with a copy button. */
export function WebhookUrl({ label, url, testId }: { label: string; url: string; testId: string }) {
  const { t } = useTranslation();
  const copy = () =>
    navigator.clipboard.writeText(url).then(
      () => toastSuccess(t('copied')),
      () => toastError(t('copy_failed')),
    );
  return (
    <Box sx={{ mt: 2 }}>
      <Typography variant="caption" color="text.secondary" component="p">
        {label}
      </Typography>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.5 }}>
        <Typography variant="body2" component="code" sx={{ fontFamily: 'monospace', overflowWrap: 'anywhere' }} data-testid={testId}>
          {url}
        </Typography>
        <Tooltip title={t('copy')}>
          <IconButton size="small" aria-label={t('copy')} onClick={copy}>
            <ContentCopy fontSize="inherit" />
          </IconButton>
        </Tooltip>
      </Box>
    </Box>
  );
}
