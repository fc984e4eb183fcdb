import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';

/** Cover image drawn with CSS and SVG (no external assets): chat bubbles over a brand gradient. */
export function CoverArt() {
  const { t } = useTranslation();
  return (
    <Box
      aria-hidden
      sx={{
        position: 'absolute',
        inset: 0,
        background: 'linear-gradient(135deg, #1f3a93 0%, #3358d4 45%, #17a88d 100%)',
        color: '#fff',
        display: 'flex',
        flexDirection: 'column',
        justifyContent: 'flex-end',
        p: 6,
      }}
    >
      <svg viewBox="0 0 600 420" style={{ position: 'absolute', top: '8%', left: '8%', width: '84%', opacity: 0.95 }}>
        <defs>
          <filter id="cover-shadow" x="-20%" y="-20%" width="140%" height="140%">
            <feDropShadow dx="0" dy="8" stdDeviation="10" floodOpacity="0.25" />
          </filter>
        </defs>
        <circle cx="520" cy="60" r="120" fill="#ffffff" opacity="0.06" />
        <circle cx="80" cy="360" r="160" fill="#ffffff" opacity="0.05" />
        <g filter="url(#cover-shadow)">
          <rect x="40" y="40" width="300" height="84" rx="22" fill="#ffffff" opacity="0.95" />
          <rect x="66" y="66" width="190" height="12" rx="6" fill="#3358d4" opacity="0.55" />
          <rect x="66" y="88" width="130" height="12" rx="6" fill="#3358d4" opacity="0.3" />
          <rect x="250" y="160" width="310" height="84" rx="22" fill="#22c1a3" />
          <rect x="276" y="186" width="220" height="12" rx="6" fill="#ffffff" opacity="0.85" />
          <rect x="276" y="208" width="150" height="12" rx="6" fill="#ffffff" opacity="0.6" />
          <rect x="40" y="280" width="260" height="84" rx="22" fill="#ffffff" opacity="0.95" />
          <rect x="66" y="306" width="170" height="12" rx="6" fill="#3358d4" opacity="0.55" />
          <rect x="66" y="328" width="110" height="12" rx="6" fill="#3358d4" opacity="0.3" />
          <circle cx="520" cy="322" r="30" fill="#ffffff" opacity="0.9" />
          <path d="M507 322l9 9 17-18" stroke="#22c1a3" strokeWidth="6" fill="none" strokeLinecap="round" strokeLinejoin="round" />
        </g>
      </svg>
      <Typography variant="h4" component="p" sx={{ fontWeight: 700, position: 'relative', maxWidth: 480 }}>
        {t('cover_title')}
      </Typography>
      <Typography sx={{ position: 'relative', opacity: 0.85, mt: 1, maxWidth: 480 }}>{t('cover_subtitle')}</Typography>
    </Box>
  );
}
