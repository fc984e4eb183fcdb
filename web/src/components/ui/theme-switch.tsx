import { useState } from 'react';
import DarkModeOutlined from '@mui/icons-material/DarkModeOutlined';
import LightModeOutlined from '@mui/icons-material/LightModeOutlined';
import SettingsBrightnessOutlined from '@mui/icons-material/SettingsBrightnessOutlined';
import IconButton from '@mui/material/IconButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import MenuItem from '@mui/material/MenuItem';
import { useTranslation } from 'react-i18next';
import { usePreferences } from '../../lib/preferences';
import type { TThemeMode } from '../../lib/theme';
import { LazyMenu, preloadMenu } from './lazy-overlay';
import { LazyTooltip } from './lazy-tooltip';

const ICONS: Record<TThemeMode, typeof DarkModeOutlined> = {
  system: SettingsBrightnessOutlined,
  light: LightModeOutlined,
  dark: DarkModeOutlined,
};

export function ThemeSwitch() {
  const { t } = useTranslation();
  const { themeMode, setThemeMode } = usePreferences();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const Icon = ICONS[themeMode];
  const labels: Record<TThemeMode, string> = { system: t('theme_system'), light: t('theme_light'), dark: t('theme_dark') };

  return (
    <>
      <LazyTooltip title={t('theme')}>
        <IconButton
          type="button"
          color="inherit"
          aria-label={`${t('theme')}: ${labels[themeMode]}`}
          aria-haspopup="menu"
          data-testid="theme-switch"
          data-theme-mode={themeMode}
          onClick={(e) => setAnchor(e.currentTarget)}
          onPointerEnter={preloadMenu}
          onFocus={preloadMenu}
        >
          <Icon />
        </IconButton>
      </LazyTooltip>
      <LazyMenu anchorEl={anchor} open={!!anchor} onClose={() => setAnchor(null)}>
        {(['system', 'light', 'dark'] as const).map((mode) => {
          const ItemIcon = ICONS[mode];
          return (
            <MenuItem
              key={mode}
              selected={mode === themeMode}
              data-testid={`theme-option-${mode}`}
              onClick={() => {
                setThemeMode(mode);
                setAnchor(null);
              }}
            >
              <ListItemIcon>
                <ItemIcon fontSize="small" />
              </ListItemIcon>
              {labels[mode]}
            </MenuItem>
          );
        })}
      </LazyMenu>
    </>
  );
}
