import ContentCopy from '@mui/icons-material/ContentCopy';
import OpenInNew from '@mui/icons-material/OpenInNew';
import Refresh from '@mui/icons-material/Refresh';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { webchatEmbedSnippet, type TWebchatSettings } from '@cd/contracts/webchat';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { ApiError, describeError } from '../../../lib/api-client';
import { translateMessage } from '../../../lib/i18n';
import { toastError, toastSuccess } from '../../../lib/toast';
import { useUpdateWebchatSettings } from '../api/update-webchat-settings';

/**
 * The snippet to paste into the company's website (this app serves the widget script), a copy button, the test page,
 * and issuing a new key (asked first: pages with the old snippet stop showing the chat).
 */
export function WebchatEmbedCard(props: { settings: TWebchatSettings }) {
  const { t } = useTranslation();
  const update = useUpdateWebchatSettings();
  const [rotating, setRotating] = useState(false);
  const appOrigin = window.location.origin;
  const snippet = webchatEmbedSnippet({ origin: appOrigin, widgetKey: props.settings.widgetKey });
  const testPage = `${appOrigin}/widget-test.html?key=${encodeURIComponent(props.settings.widgetKey)}`;

  const copy = () =>
    navigator.clipboard.writeText(snippet).then(
      () => toastSuccess(t('webchat_snippet_copied')),
      () => toastError(t('copy_failed')),
    );
  const rotate = () =>
    update.mutate(
      { rotateKey: true },
      {
        onSuccess: () => {
          setRotating(false);
          toastSuccess(t('webchat_key_rotated'));
        },
        onError: (err) => toastError(err instanceof ApiError ? describeError(err.body, translateMessage) : t('webchat_save_failed')),
      },
    );

  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, md: 3 }, display: 'flex', flexDirection: 'column', gap: 1.5 }} data-testid="webchat-embed">
      <Typography variant="h6" component="h2">
        {t('webchat_embed')}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {t('webchat_embed_help')}
      </Typography>
      <Box
        component="pre"
        sx={{
          m: 0,
          p: 1.5,
          borderRadius: 1,
          bgcolor: 'action.hover',
          fontFamily: 'monospace',
          fontSize: 13,
          whiteSpace: 'pre-wrap',
          overflowWrap: 'anywhere',
        }}
        data-testid="webchat-snippet"
      >
        {snippet}
      </Box>
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', alignItems: 'center' }}>
        <Button variant="contained" startIcon={<ContentCopy />} onClick={() => void copy()} data-testid="webchat-snippet-copy">
          {t('copy')}
        </Button>
        <Button variant="outlined" color="warning" startIcon={<Refresh />} onClick={() => setRotating(true)} data-testid="webchat-rotate-key">
          {t('webchat_rotate_key')}
        </Button>
        <Link
          href={testPage}
          target="_blank"
          rel="noopener"
          sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5, ml: { sm: 'auto' } }}
          data-testid="webchat-test-page"
        >
          {t('webchat_test_page')}
          <OpenInNew fontSize="inherit" />
        </Link>
      </Box>
      {!props.settings.enabled && (
        <Typography variant="body2" color="text.secondary" data-testid="webchat-embed-off">
          {t('webchat_embed_off')}
        </Typography>
      )}
      <ConfirmDialog
        open={rotating}
        title={t('webchat_rotate_title')}
        text={t('webchat_rotate_text')}
        confirmLabel={t('webchat_rotate_key')}
        busy={update.isPending}
        onConfirm={rotate}
        onClose={() => setRotating(false)}
      />
    </Paper>
  );
}
