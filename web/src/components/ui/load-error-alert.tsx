import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../lib/api-client';

/**
 * A list that could not load: a 403 (missing role, module off) is a warning in the server's own words (or
 * `forbiddenText`) with nothing to retry; anything else is an error with a retry button.
 */
export function LoadErrorAlert(props: { error: unknown; failedText: string; onRetry: () => void; testId: string; forbiddenText?: string }) {
  const { t } = useTranslation();
  const denied = props.error instanceof ApiError && props.error.status === 403;
  return (
    <Alert
      severity={denied ? 'warning' : 'error'}
      data-testid={props.testId}
      action={
        denied ? undefined : (
          <Button color="inherit" size="small" onClick={props.onRetry}>
            {t('retry')}
          </Button>
        )
      }
    >
      {denied ? (props.forbiddenText ?? (props.error as ApiError).message) : props.failedText}
    </Alert>
  );
}
