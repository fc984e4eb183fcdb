import { useState } from 'react';
import TranslateOutlined from '@mui/icons-material/TranslateOutlined';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import { useTranslation } from 'react-i18next';
import { LANGUAGES, type TLanguage } from '../../lib/i18n';
import { usePreferences } from '../../lib/preferences';
import { LazyMenu, preloadMenu } from './lazy-overlay';
import { LazyTooltip } from './lazy-tooltip';

export function LanguageSwitch() {
  const { t } = useTranslation();
  const { language, setLanguage } = usePreferences();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const names: Record<TLanguage, string> = {
    en: t('language_en'),
    bs: t('language_bs'),
    hr: t('language_hr'),
    sr: t('language_sr'),
  };

  return (
    <>
      <LazyTooltip title={t('language')}>
        <Button
          type="button"
          color="inherit"
          startIcon={<TranslateOutlined />}
          aria-label={`${t('language')}: ${names[language]}`}
          aria-haspopup="menu"
          data-testid="language-switch"
          data-language={language}
          onClick={(e) => setAnchor(e.currentTarget)}
          onPointerEnter={preloadMenu}
          onFocus={preloadMenu}
          sx={{ minWidth: 0 }}
        >
          {language.toUpperCase()}
        </Button>
      </LazyTooltip>
      <LazyMenu anchorEl={anchor} open={!!anchor} onClose={() => setAnchor(null)}>
        {LANGUAGES.map((lng) => (
          <MenuItem
            key={lng}
            lang={lng}
            selected={lng === language}
            data-testid={`language-option-${lng}`}
            onClick={() => {
              setLanguage(lng);
              setAnchor(null);
            }}
          >
            {names[lng]}
          </MenuItem>
        ))}
      </LazyMenu>
    </>
  );
}
