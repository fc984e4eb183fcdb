import { useId } from 'react';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { BRAND_NAME } from '../../lib/brand';

export function LogoMark({ size = 32 }: { size?: number }) {
  // Unique gradient id: several logos can be on one page.
  const id = useId();
  return (
    <svg width={size} height={size} viewBox="0 0 64 64" role="img" aria-label={BRAND_NAME}>
      <defs>
        <linearGradient id={id} x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="#4f7cff" />
          <stop offset="1" stopColor="#22c1a3" />
        </linearGradient>
      </defs>
      <rect width="64" height="64" rx="14" fill={`url(#${id})`} />
      <path d="M14 20a6 6 0 0 1 6-6h24a6 6 0 0 1 6 6v16a6 6 0 0 1-6 6H28l-9 8v-8h1a6 6 0 0 1-6-6z" fill="#fff" />
      <path d="M22 24h20M22 31h13" stroke="#4f7cff" strokeWidth="3.5" strokeLinecap="round" />
    </svg>
  );
}

export function Logo({ size = 32, showName = true }: { size?: number; showName?: boolean }) {
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
      <LogoMark size={size} />
      {showName && (
        <Typography component="span" sx={{ fontWeight: 700, fontSize: size * 0.55, letterSpacing: 0.2 }}>
          {BRAND_NAME}
        </Typography>
      )}
    </Box>
  );
}
