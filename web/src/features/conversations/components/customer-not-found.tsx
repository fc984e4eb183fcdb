import PersonOff from '@mui/icons-material/PersonOffOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { ApiError } from '../../../lib/api-client';

/** Customer could not be loaded: not found / not visible, or another error with a retry. */
export function CustomerLoadError({ error, onRetry }: { error: Error; onRetry: () => void }) {
  const { t } = useTranslation();
  const notFound = error instanceof ApiError && (error.status === 404 || error.status === 403);
  return (
    <Box data-testid="customer-load-error" sx={{ flex: 1, display: 'flex', flexDirection: 'column', alignItems: 'center', justifyContent: 'center', p: 4, gap: 1.5, textAlign: 'center' }}>
      <PersonOff sx={{ fontSize: 56, color: 'text.secondary' }} />
      <Typography variant="h6">{notFound ? t('customer_not_found') : t('customer_load_failed')}</Typography>
      <Box sx={{ display: 'flex', gap: 1 }}>
        {!notFound && (
          <Button variant="contained" onClick={onRetry}>
            {t('retry')}
          </Button>
        )}
        <Button component={RouterLink} to="/communication/inbox">
          {t('back_to_inbox')}
        </Button>
      </Box>
    </Box>
  );
}
