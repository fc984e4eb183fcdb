import { useState } from 'react';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { useNewVersionAvailable } from '../../features/system/hooks/use-new-version-available';
import { useOnlineStatus } from '../../features/system/hooks/use-online-status';
import { missingBrowserFeatures } from '../../lib/browser-support';
import { configWarnings } from './config-warnings';
import { useCurrentUser } from './current-user';

function ConfigWarningBanner() {
  const { t } = useTranslation();
  const me = useCurrentUser();
  const warnings = configWarnings(me);
  if (warnings.length === 0) return null;
  return (
    <Alert severity="warning" data-testid="banner-config-warning">
      <AlertTitle>{t('config_warning_title')}</AlertTitle>
      <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
        {warnings.map((w) => (
          <li key={w.key}>
            <Link component={RouterLink} to={w.path} color="inherit" underline="always" data-testid={`config-warning-${w.key}`}>
              {t(w.labelKey)}
            </Link>
          </li>
        ))}
      </Box>
    </Alert>
  );
}

function NewVersionBanner() {
  const { t } = useTranslation();
  if (!useNewVersionAvailable()) return null;
  return (
    <Alert
      severity="info"
      data-testid="banner-new-version"
      action={
        <Button type="button" color="inherit" size="small" onClick={() => window.location.reload()} data-testid="banner-new-version-reload">
          {t('reload')}
        </Button>
      }
    >
      {t('new_version_available')}
    </Alert>
  );
}

function OfflineBanner() {
  const { t } = useTranslation();
  if (useOnlineStatus()) return null;
  return (
    <Alert severity="error" data-testid="banner-offline">
      {t('offline_banner')}
    </Alert>
  );
}

const missing = missingBrowserFeatures();

function UnsupportedBrowserBanner() {
  const { t } = useTranslation();
  // Dismissal lasts for this page load only: the browser does not get any newer by reloading.
  const [dismissed, setDismissed] = useState(false);
  if (dismissed || missing.length === 0) return null;
  return (
    <Alert severity="error" onClose={() => setDismissed(true)} data-testid="banner-unsupported-browser" slotProps={{ closeButton: { title: t('close') } }}>
      {t('unsupported_browser_banner')}
    </Alert>
  );
}

export function GlobalBanners() {
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1, px: { xs: 1, md: 2 }, pt: 1, '&:empty': { display: 'none' } }}>
      <OfflineBanner />
      <UnsupportedBrowserBanner />
      <NewVersionBanner />
      <ConfigWarningBanner />
    </Box>
  );
}
