import { useEffect, useMemo, type ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { createTheme, ThemeProvider } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import CheckCircleOutline from '@mui/icons-material/CheckCircleOutlined';
import type { UseQueryResult } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../lib/api-client';
import { safeAccentColor } from '../../lib/public-form';
import { createAppTheme } from '../../lib/theme';

/**
 * A company's one-form public page (the QR opt-in page, the real-estate landing page): the visitor's light or dark
 * preference (they are the company's customers, not app users), the company's accent colour and name as the title,
 * loading / not-found / retry states, and a phone-first card that becomes a centred one on wider screens.
 */
export function PublicCompanyShell<T extends { name: string; accentColor?: string | null }>(props: {
  query: UseQueryResult<T>;
  testIdPrefix: string;
  children: (data: T) => ReactNode;
}) {
  const { query, testIdPrefix } = props;
  const { t } = useTranslation();
  const accent = safeAccentColor(query.data?.accentColor);
  const prefersLight = useMediaQuery('(prefers-color-scheme: light)', { noSsr: true });
  const theme = useMemo(() => {
    const base = createAppTheme(prefersLight ? 'light' : 'dark');
    return accent ? createTheme(base, { palette: { primary: base.palette.augmentColor({ color: { main: accent } }) } }) : base;
  }, [accent, prefersLight]);
  const companyName = query.data?.name;
  useEffect(() => {
    if (companyName) document.title = companyName;
  }, [companyName]);

  let content: ReactNode;
  if (query.isPending) {
    content = (
      <Box sx={{ display: 'flex', justifyContent: 'center', py: 8 }} data-testid={`${testIdPrefix}-loading`}>
        <CircularProgress aria-label={t('loading')} />
      </Box>
    );
  } else if (query.isError) {
    const missing = query.error instanceof ApiError && (query.error.status === 404 || query.error.status === 400);
    content = (
      <Box sx={{ p: 3, display: 'flex', flexDirection: 'column', gap: 2 }}>
        <Alert severity={missing ? 'info' : 'error'} data-testid={`${testIdPrefix}-error`}>
          {missing ? t('public_page_not_found') : t('public_page_load_failed')}
        </Alert>
        {!missing && (
          <Button variant="outlined" onClick={() => void query.refetch()}>
            {t('public_page_retry')}
          </Button>
        )}
      </Box>
    );
  } else {
    content = props.children(query.data);
  }

  return (
    <ThemeProvider theme={theme}>
      <Box
        component="main"
        sx={{
          minHeight: '100dvh',
          bgcolor: 'background.default',
          display: 'flex',
          justifyContent: 'center',
          alignItems: { xs: 'stretch', sm: 'center' },
          p: { xs: 0, sm: 3 },
        }}
      >
        <Paper
          elevation={0}
          sx={{
            width: '100%',
            maxWidth: 460,
            overflow: 'hidden',
            borderRadius: { xs: 0, sm: 3 },
            border: { xs: 'none', sm: 1 },
            borderColor: { sm: 'divider' },
          }}
        >
          {content}
        </Paper>
      </Box>
    </ThemeProvider>
  );
}

/** The company's logo (or initial) and name heading the card. */
export function PublicCompanyHeading(props: { name: string; logoUrl: string | null | undefined; testId: string }) {
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 2 }}>
      <Avatar
        src={props.logoUrl ?? undefined}
        alt=""
        variant="rounded"
        sx={{ width: 56, height: 56, bgcolor: 'primary.main', color: 'primary.contrastText', fontWeight: 700, fontSize: 24 }}
      >
        {props.name.trim().charAt(0).toUpperCase()}
      </Avatar>
      <Typography component="h1" variant="h5" sx={{ fontWeight: 700 }} data-testid={props.testId}>
        {props.name}
      </Typography>
    </Box>
  );
}

/** What the visitor sees once the form went through. */
export function PublicFormDone(props: { text: string; testId: string }) {
  const { t } = useTranslation();
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', alignItems: 'center', gap: 1.5, textAlign: 'center', py: 3 }} data-testid={props.testId} role="status">
      <CheckCircleOutline color="primary" sx={{ fontSize: 64 }} />
      <Typography variant="h6">{t('public_page_done_title')}</Typography>
      <Typography color="text.secondary" sx={{ whiteSpace: 'pre-line' }}>
        {props.text}
      </Typography>
    </Box>
  );
}
