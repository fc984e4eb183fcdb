import type { ReactNode } from 'react';
import Box from '@mui/material/Box';

/** The narrow strip beside a conversation where a collapsed panel (repair orders, appointments) keeps its button. */
export function AsideRail(props: { children: ReactNode }) {
  return (
    <Box
      component="aside"
      sx={{
        width: 44,
        flexShrink: 0,
        borderLeft: 1,
        borderColor: 'divider',
        bgcolor: 'background.paper',
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'center',
        pt: 1,
      }}
    >
      {props.children}
    </Box>
  );
}
