import type { ReactNode } from 'react';
import Typography from '@mui/material/Typography';

/** The small upper-case heading of a card on the order screen and the garage. */
export function SectionTitle({ children }: { children: ReactNode }) {
  return (
    <Typography variant="overline" color="text.secondary" component="h2" sx={{ fontWeight: 700, letterSpacing: 0.8, display: 'block' }}>
      {children}
    </Typography>
  );
}
