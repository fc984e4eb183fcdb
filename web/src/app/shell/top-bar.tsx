import MenuIcon from '@mui/icons-material/Menu';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { LanguageSwitch } from '../../components/ui/language-switch';
import { LogoMark } from '../../components/ui/logo';
import { ThemeSwitch } from '../../components/ui/theme-switch';
import { NotificationBell } from '../../features/notifications/components/notification-bell';
import { BRAND_NAME } from '../../lib/brand';
import { fullName } from '../../lib/format';
import { useFormatPhone } from '../../lib/phone-format';
import { useCurrentUser } from './current-user';
import { UserMenu } from './user-menu';

interface TProps {
  mobile: boolean;
  onOpenDrawer?: () => void;
}

export function TopBar({ mobile, onOpenDrawer }: TProps) {
  const { t } = useTranslation();
  // Re-renders once libphonenumber is in, for a number outside NANP (lib/phone-format.ts).
  const formatPhone = useFormatPhone();
  const me = useCurrentUser();
  const company = me.companyData;
  const phone = formatPhone(company?.phone ?? company?.ocs.twilioPhoneNumber ?? null);
  const impersonator = me.impersonator;

  return (
    <AppBar
      position="fixed"
      color="default"
      data-testid="top-bar"
      sx={{ zIndex: (theme) => (mobile ? theme.zIndex.appBar : theme.zIndex.drawer + 1), bgcolor: 'background.paper', borderBottom: 1, borderColor: 'divider' }}
    >
      <Toolbar sx={{ gap: 1.5 }}>
        {mobile && (
          <IconButton type="button" edge="start" onClick={onOpenDrawer} aria-label={t('open_menu')} data-testid="mobile-drawer-button">
            <MenuIcon />
          </IconButton>
        )}
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexShrink: 0 }} data-testid="top-bar-logo">
          {company?.mainLogo?.contentUrl ? (
            <Box component="img" src={company.mainLogo.contentUrl} alt={company.name} sx={{ height: 32, maxWidth: 140, objectFit: 'contain' }} />
          ) : (
            <>
              <LogoMark size={30} />
              {!mobile && (
                <Typography component="span" sx={{ fontWeight: 700 }}>
                  {BRAND_NAME}
                </Typography>
              )}
            </>
          )}
        </Box>
        {company?.ocs.safeMode && (
          <Chip label={t('safe_mode')} color="error" size="small" sx={{ fontWeight: 700, letterSpacing: 0.5 }} data-testid="safe-mode-label" />
        )}
        {company && !mobile && (
          <Box sx={{ minWidth: 0, display: 'flex', flexDirection: 'column', lineHeight: 1.2 }} data-testid="top-bar-company">
            <Typography variant="body2" noWrap sx={{ fontWeight: 600 }}>
              {impersonator?.companyName && impersonator.companyName !== company.name && (
                <Box component="s" sx={{ color: 'text.secondary', mr: 1 }} data-testid="impersonator-company">
                  {impersonator.companyName}
                </Box>
              )}
              {company.name}
            </Typography>
            {phone && (
              <Typography variant="caption" color="text.secondary" noWrap>
                {phone}
              </Typography>
            )}
          </Box>
        )}
        <Box sx={{ flex: 1 }} />
        <LanguageSwitch />
        <ThemeSwitch />
        <NotificationBell />
        <Typography variant="body2" noWrap sx={{ display: { xs: 'none', sm: 'block' }, maxWidth: 320 }} data-testid="top-bar-user-name">
          {impersonator && (
            <Box component="s" sx={{ color: 'text.secondary', mr: 1 }} data-testid="impersonator-name">
              {fullName(impersonator) || impersonator.email}
            </Box>
          )}
          {fullName(me) || me.email}
        </Typography>
        <UserMenu />
      </Toolbar>
    </AppBar>
  );
}
