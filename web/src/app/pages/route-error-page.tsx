import Button from '@mui/material/Button';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import ErrorOutline from '@mui/icons-material/ErrorOutlineOutlined';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { isRouteErrorResponse, useRouteError } from 'react-router';
import { MessagePage } from '../../components/ui/message-page';
import { reportError } from '../../lib/error-reporter';

function errorData(error: unknown): string {
  if (isRouteErrorResponse(error)) return `${error.status} ${error.statusText}\n${typeof error.data === 'string' ? error.data : JSON.stringify(error.data)}`;
  if (error instanceof Error) return error.message;
  try {
    return JSON.stringify(error);
  } catch {
    return String(error);
  }
}

/** Per-route error page (spec part 1 §2): "Something went wrong.", the error data and a Reload that goes to /. */
export function RouteErrorPage() {
  const { t } = useTranslation();
  const error = useRouteError();
  // A crash caught here never reaches window.onerror; a missing route (a 404 response) is no crash.
  useEffect(() => {
    if (!isRouteErrorResponse(error)) reportError(error);
  }, [error]);
  return (
    <Box data-testid="route-error" sx={{ pt: 4 }}>
      <MessagePage
        icon={<ErrorOutline />}
        title={t('something_went_wrong')}
        body={
          <Typography component="pre" variant="body2" sx={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word', textAlign: 'left', fontFamily: 'monospace', m: 0 }}>
            {errorData(error)}
          </Typography>
        }
        actions={
          <Button type="button" variant="contained" onClick={() => window.location.assign('/')} data-testid="route-error-reload">
            {t('reload')}
          </Button>
        }
      />
    </Box>
  );
}
