import OpenInNewOutlined from '@mui/icons-material/OpenInNewOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadErrorAlert } from '../../../components/ui/load-error-alert';
import { useSupportInfo } from '../api/get-support-info';
import { SupportForm } from './support-form';
import { PageTitle } from '../../../components/ui/page-title';

/**
 * /support (everyone signed in, issue 20): a question to the product's support address with the page, browser and
 * window size, and the product's help links. Without a configured address the page says so instead of the form.
 */
export function SupportPage() {
  const { t } = useTranslation();
  const info = useSupportInfo();
  // A 422 "not set up" on sending wins over a stale "enabled" answer.
  const [refused, setRefused] = useState(false);
  const enabled = info.data?.enabled === true && !refused;
  const links = info.data?.helpLinks ?? [];

  let form;
  if (info.isError && !info.data)
    form = <LoadErrorAlert error={info.error} failedText={t('support_load_failed')} onRetry={() => void info.refetch()} testId="support-error" />;
  else if (info.isPending) form = <Skeleton variant="rounded" height={260} data-testid="support-loading" />;
  else if (!enabled)
    form = (
      <Alert severity="info" data-testid="support-not-configured">
        {t('support_not_configured')}
      </Alert>
    );
  else form = <SupportForm onNotConfigured={() => setRefused(true)} />;

  return (
    <Box
      sx={{
        p: { xs: 2, md: 3 },
        display: 'flex',
        flexDirection: 'column',
        gap: 2,
        maxWidth: 860,
        mx: 'auto',
        width: '100%',
        boxSizing: 'border-box',
        overflowY: 'auto',
      }}
      data-testid="support-page"
    >
      <PageTitle title={t('menu_support')} intro={t('support_intro')} />
      <Paper variant="outlined" sx={{ p: { xs: 2, md: 3 } }}>
        {form}
      </Paper>
      {links.length > 0 && (
        <Paper variant="outlined" component="section" aria-labelledby="support-help-title" sx={{ p: { xs: 2, md: 3 } }}>
          <Typography id="support-help-title" variant="h6" component="h2" gutterBottom>
            {t('support_help_links')}
          </Typography>
          <Box component="ul" sx={{ m: 0, pl: 2.5, display: 'flex', flexDirection: 'column', gap: 0.75 }} data-testid="support-help-links">
            {links.map((l) => (
              <li key={l.url}>
                <Link href={l.url} target="_blank" rel="noopener noreferrer" sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5 }}>
                  {l.title}
                  <OpenInNewOutlined sx={{ fontSize: 16 }} aria-label={t('support_opens_new_tab')} />
                </Link>
              </li>
            ))}
          </Box>
        </Paper>
      )}
    </Box>
  );
}
