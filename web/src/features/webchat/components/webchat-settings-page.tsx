import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import { useTranslation } from 'react-i18next';
import { LoadErrorAlert } from '../../../components/ui/load-error-alert';
import { useWebchatSettings } from '../api/get-webchat-settings';
import { WebchatEmbedCard } from './webchat-embed-card';
import { WebchatSettingsForm } from './webchat-settings-form';
import { PageTitle } from '../../../components/ui/page-title';

/**
 * /settings/webchat (company admins, issue 21; docs/webchat.md): the website chat widget — on/off, the sites allowed
 * to show it, its greeting and colour, the welcome reply, and the snippet to paste into the website.
 */
export function WebchatSettingsPage() {
  const { t } = useTranslation();
  const settings = useWebchatSettings();

  return (
    <Box sx={{ p: { xs: 2, md: 3 }, display: 'flex', flexDirection: 'column', gap: 2, maxWidth: 880, overflowY: 'auto' }} data-testid="webchat-page">
      <PageTitle title={t('menu_webchat')} intro={t('webchat_intro')} />
      {settings.isError && !settings.data ? (
        <LoadErrorAlert error={settings.error} failedText={t('webchat_load_failed')} onRetry={() => void settings.refetch()} testId="webchat-error" />
      ) : !settings.data ? (
        <Paper
          variant="outlined"
          sx={{ p: 3, display: 'flex', flexDirection: 'column', gap: 2 }}
          data-testid="webchat-loading"
          aria-busy="true"
          aria-label={t('loading')}
        >
          <Skeleton variant="rounded" height={40} width="40%" />
          <Skeleton variant="rounded" height={32} />
          <Skeleton variant="rounded" height={80} />
          <Skeleton variant="rounded" height={40} width="30%" />
        </Paper>
      ) : (
        <>
          <WebchatSettingsForm settings={settings.data} />
          <WebchatEmbedCard settings={settings.data} />
        </>
      )}
    </Box>
  );
}
