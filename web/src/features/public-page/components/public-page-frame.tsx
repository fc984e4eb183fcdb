import { useEffect, useMemo, type ReactNode } from 'react';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { createTheme, ThemeProvider } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useQuery } from '@tanstack/react-query';
import { I18nextProvider } from 'react-i18next';
import type { TPublicBrand } from '@cd/contracts/customer-link';
import { i18n, loadCatalogue, type TLanguage } from '../../../lib/i18n';
import { createAppTheme } from '../../../lib/theme';
import { safeAccentColor } from '../../../lib/public-form';

/** The company's name and logo in its colour, on top of every page a customer opens from a text or a link. */
export function BrandHeader({ brand }: { brand: TPublicBrand }) {
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

/** The company's language may not be the one the app started with: its catalogue is fetched before the page shows. */
export function useBrandCatalogue(language: TLanguage | undefined) {
  return useQuery({
    queryKey: ['i18n-catalogue', language],
    queryFn: () => loadCatalogue(language!).then(() => language),
    enabled: !!language,
    staleTime: Infinity,
  });
}

/**
 * A customer-facing page's frame: the visitor's light or dark preference (they are the company's customers, not app
 * users), the company's accent colour, its language through an i18n instance of its own (a signed-in user's app
 * language stays as it was), and a phone-first card that becomes a centred one on wider screens.
 */
export function PublicPageFrame(props: { brand: TPublicBrand | undefined; children: ReactNode; testId: string; maxWidth?: number }) {
  const { brand } = props;
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
          data-testid={props.testId}
        >
          <Paper
            elevation={0}
            sx={{
              width: '100%',
              maxWidth: props.maxWidth ?? 520,
              overflow: 'hidden',
              borderRadius: { xs: 0, sm: 3 },
              border: { xs: 'none', sm: 1 },
              borderColor: { sm: 'divider' },
            }}
          >
            {props.children}
          </Paper>
        </Box>
      </ThemeProvider>
    </I18nextProvider>
  );
}
