import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';

interface TProps {
  title: string;
  overline?: string;
  body?: ReactNode;
  icon?: ReactNode;
  actions?: ReactNode;
  testId?: string;
}

/** A centred card for states without data: not available yet, no access, not found. */
export function MessagePage({ title, overline, body, icon, actions, testId }: TProps) {
  return (
    <Box data-testid={testId} sx={{ display: 'flex', justifyContent: 'center', alignItems: 'flex-start', p: { xs: 2, sm: 4 } }}>
      <Paper variant="outlined" sx={{ p: 4, maxWidth: 560, width: '100%', textAlign: 'center' }}>
        {icon && <Box sx={{ mb: 2, color: 'text.secondary', '& svg': { fontSize: 48 } }}>{icon}</Box>}
        {overline && (
          <Typography variant="overline" color="text.secondary" component="p">
            {overline}
          </Typography>
        )}
        <Typography variant="h5" component="h1" gutterBottom>
          {title}
        </Typography>
        {body && (
          <Typography color="text.secondary" component="div">
            {body}
          </Typography>
        )}
        {actions && <Box sx={{ mt: 3, display: 'flex', gap: 1, justifyContent: 'center' }}>{actions}</Box>}
      </Paper>
    </Box>
  );
}
