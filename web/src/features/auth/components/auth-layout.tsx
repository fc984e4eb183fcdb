import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { LanguageSwitch } from '../../../components/ui/language-switch';
import { Logo } from '../../../components/ui/logo';
import { ThemeSwitch } from '../../../components/ui/theme-switch';
import { CoverArt } from './cover-art';

/** Public pages: the form on the left, a cover image on the right (hidden on narrow screens). */
export function AuthLayout({ title, children }: { title: string; children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <Box sx={{ minHeight: '100vh', display: 'flex', bgcolor: 'background.default' }}>
      <Box component="main" sx={{ flex: { xs: 1, md: '0 0 520px' }, display: 'flex', flexDirection: 'column', px: { xs: 2, sm: 6 }, py: 3 }}>
        <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between' }}>
          <Logo size={36} />
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.5 }}>
            <LanguageSwitch />
            <ThemeSwitch />
          </Box>
        </Box>
        <Box sx={{ flex: 1, display: 'flex', alignItems: 'center' }}>
          <Paper elevation={0} sx={{ width: '100%', maxWidth: 420, mx: 'auto', p: { xs: 0, sm: 1 }, bgcolor: 'transparent' }}>
            <Typography variant="h4" component="h1" sx={{ fontWeight: 700, mb: 3 }}>
              {title}
            </Typography>
            {children}
          </Paper>
        </Box>
        <Typography variant="caption" color="text.secondary" sx={{ textAlign: 'center' }}>
          {t('auth_footer')}
        </Typography>
      </Box>
      <Box sx={{ flex: 1, display: { xs: 'none', md: 'block' }, position: 'relative', overflow: 'hidden' }}>
        <CoverArt />
      </Box>
    </Box>
  );
}
