import { useEffect, useMemo } from 'react';
import Alert from '@mui/material/Alert';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { createTheme, ThemeProvider } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useQuery } from '@tanstack/react-query';
import { I18nextProvider, useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import type { TPublicBrand, TPublicLinkPage } from '@cd/contracts/customer-link';
import { i18n, loadCatalogue, type TLanguage } from '../../../lib/i18n';
import { createAppTheme } from '../../../lib/theme';
import { useLinkPageQuery } from '../api/get-link-page';
import { linkErrorKey } from '../lib/link-pages';
import { safeAccentColor } from '../lib/opt-in-form';
import { LinkApprovalView } from './link-approval-view';
import { LinkStatusView } from './link-status-view';
import { LinkSurveyView } from './link-survey-view';
import { LinkVehicleReadyView } from './link-vehicle-ready-view';

function BrandHeader({ brand }: { brand: TPublicBrand }) {
  return (
    <Box
      sx={{ display: 'flex', alignItems: 'center', gap: 1.5, px: 2, py: 1.5, bgcolor: 'primary.main', color: 'primary.contrastText' }}
      data-testid="link-page-brand"
    >
      {brand.logoUrl ? (
        <Avatar
          src={brand.logoUrl}
          alt=""
          variant="rounded"
          sx={{ width: 40, height: 40, bgcolor: 'background.paper' }}
          slotProps={{ img: { sx: { objectFit: 'contain' } } }}
        />
      ) : (
        <Avatar variant="rounded" sx={{ width: 40, height: 40, bgcolor: 'primary.dark', color: 'primary.contrastText', fontWeight: 700 }}>
          {brand.name.trim().charAt(0).toUpperCase()}
        </Avatar>
      )}
      <Typography variant="subtitle1" component="div" sx={{ fontWeight: 700, lineHeight: 1.2 }}>
        {brand.name}
      </Typography>
    </Box>
  );
}

function PageBody({ page, code }: { page: TPublicLinkPage; code: string }) {
  if (page.purpose === 'approval') return <LinkApprovalView page={page} code={code} />;
  if (page.purpose === 'vehicle_ready') return <LinkVehicleReadyView page={page} />;
  if (page.purpose === 'survey') return <LinkSurveyView page={page} code={code} />;
  return <LinkStatusView page={page} />;
}

/** The company's language may not be the one the app started with: its catalogue is fetched before the page shows. */
function useCatalogue(language: TLanguage | undefined) {
  return useQuery({
    queryKey: ['i18n-catalogue', language],
    queryFn: () => loadCatalogue(language!).then(() => language),
    enabled: !!language,
    staleTime: Infinity,
  });
}

function LinkPageContent({ code }: { code: string }) {
  const { t } = useTranslation();
  const query = useLinkPageQuery(code);
  const catalogue = useCatalogue(query.data?.company.language);
  // Should the catalogue never arrive (after the query's retries), the page shows with the fallback texts, not blank.
  if (query.isPending || (query.isSuccess && catalogue.isPending))
    return (
      <Box sx={{ display: 'flex', justifyContent: 'center', py: 8 }} data-testid="link-page-loading">
        <CircularProgress aria-label={t('loading')} />
      </Box>
    );
  if (query.isError) {
    const key = linkErrorKey(query.error);
    return (
      <Box sx={{ p: 3, display: 'flex', flexDirection: 'column', gap: 2 }}>
        <Alert severity={key === 'public_page_load_failed' ? 'error' : 'info'} data-testid="link-page-error" data-error={key}>
          <Typography variant="subtitle2" component="div" sx={{ fontWeight: 700 }}>
            {t(key)}
          </Typography>
          {key !== 'public_page_load_failed' && t(`${key}_hint`)}
        </Alert>
        {key === 'public_page_load_failed' && (
          <Button variant="outlined" onClick={() => void query.refetch()}>
            {t('public_page_retry')}
          </Button>
        )}
      </Box>
    );
  }
  return (
    <>
      <BrandHeader brand={query.data.company} />
      <PageBody page={query.data} code={code} />
    </>
  );
}

/**
 * /r/{code}: the page a customer link opens (status, line approval, vehicle ready, survey). No sign-in, phone first, in the
 * company's colours and language (its own i18n instance, so a signed-in user's app language stays as it was).
 */
export function PublicLinkPage() {
  const { code = '' } = useParams();
  const query = useLinkPageQuery(code);
  const brand = query.data?.company;
  const accent = safeAccentColor(brand?.accentColor);
  const prefersLight = useMediaQuery('(prefers-color-scheme: light)', { noSsr: true });
  const theme = useMemo(() => {
    const base = createAppTheme(prefersLight ? 'light' : 'dark');
    return accent ? createTheme(base, { palette: { primary: base.palette.augmentColor({ color: { main: accent } }) } }) : base;
  }, [accent, prefersLight]);
  const language = brand?.language ?? 'en';
  const pageI18n = useMemo(() => {
    const instance = i18n.cloneInstance({ lng: language, initAsync: false });
    void instance.changeLanguage(language);
    return instance;
  }, [language]);
  useEffect(() => {
    if (brand?.name) document.title = brand.name;
  }, [brand?.name]);

  return (
    <I18nextProvider i18n={pageI18n}>
      <ThemeProvider theme={theme}>
        <Box
          component="main"
          lang={language}
          sx={{
            minHeight: '100dvh',
            bgcolor: 'background.default',
            display: 'flex',
            justifyContent: 'center',
            alignItems: { xs: 'stretch', sm: 'flex-start' },
            p: { xs: 0, sm: 3 },
          }}
          data-testid="link-page"
        >
          <Paper
            elevation={0}
            sx={{
              width: '100%',
              maxWidth: 520,
              overflow: 'hidden',
              borderRadius: { xs: 0, sm: 3 },
              border: { xs: 'none', sm: 1 },
              borderColor: { sm: 'divider' },
            }}
          >
            <LinkPageContent code={code} />
          </Paper>
        </Box>
      </ThemeProvider>
    </I18nextProvider>
  );
}
