import Add from '@mui/icons-material/Add';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import type { TApiKey, TApiKeyCreated } from '@cd/contracts/api-keys';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { LoadErrorAlert } from '../../../components/ui/load-error-alert';
import { TableLoadingRows } from '../../../components/ui/table-loading-rows';
import { ApiError, describeError } from '../../../lib/api-client';
import { translateMessage } from '../../../lib/i18n';
import { toastError, toastSuccess } from '../../../lib/toast';
import { useApiKeys } from '../api/get-api-keys';
import { useRevokeApiKey } from '../api/revoke-api-key';
import { ApiKeyCreateDialog } from './api-key-create-dialog';
import { ApiKeyRow } from './api-key-row';
import { ApiKeySecretDialog } from './api-key-secret-dialog';
import { PageTitle } from '../../../components/ui/page-title';

const COLUMNS = 8;

/**
 * /settings/api-keys (company admins, issue 21; docs/public-api.md): the company's public API keys, creating one (its
 * secret shown once) and revoking one (asked first; the next request with it is refused).
 */
export function ApiKeysPage() {
  const { t } = useTranslation();
  const keys = useApiKeys();
  const revoke = useRevokeApiKey();
  const [creating, setCreating] = useState(false);
  const [created, setCreated] = useState<TApiKeyCreated | null>(null);
  const [revoking, setRevoking] = useState<TApiKey | null>(null);
  const rows = keys.data?.member ?? [];

  const confirmRevoke = () => {
    if (!revoking) return;
    revoke.mutate(
      { id: revoking.id },
      {
        onSuccess: () => {
          toastSuccess(t('api_keys_revoked'));
          setRevoking(null);
        },
        onError: (err) => toastError(err instanceof ApiError ? describeError(err.body, translateMessage) : t('api_keys_revoke_failed')),
      },
    );
  };

  return (
    <Box sx={{ p: { xs: 2, md: 3 }, display: 'flex', flexDirection: 'column', gap: 2, overflowY: 'auto' }} data-testid="api-keys-page">
      <Box sx={{ display: 'flex', alignItems: 'flex-start', justifyContent: 'space-between', gap: 2, flexWrap: 'wrap' }}>
        <PageTitle title={t('menu_api_keys')} intro={t('api_keys_intro')} />
        <Button variant="contained" startIcon={<Add />} onClick={() => setCreating(true)} data-testid="api-key-new">
          {t('api_keys_new')}
        </Button>
      </Box>
      {keys.isError && !keys.data ? (
        <LoadErrorAlert error={keys.error} failedText={t('api_keys_load_failed')} onRetry={() => void keys.refetch()} testId="api-keys-error" />
      ) : (
        <Paper variant="outlined">
          {keys.isFetching && !keys.isPending && <LinearProgress aria-label={t('loading')} />}
          <TableContainer>
            <Table size="small" aria-label={t('menu_api_keys')} data-testid="api-keys-table">
              <TableHead sx={{ '& th': { whiteSpace: 'nowrap' } }}>
                <TableRow>
                  <TableCell>{t('api_keys_name')}</TableCell>
                  <TableCell>{t('api_keys_prefix')}</TableCell>
                  <TableCell>{t('api_keys_scopes')}</TableCell>
                  <TableCell>{t('api_keys_created')}</TableCell>
                  <TableCell>{t('api_keys_last_used')}</TableCell>
                  <TableCell>{t('api_keys_expires')}</TableCell>
                  <TableCell>{t('api_keys_status')}</TableCell>
                  <TableCell align="right">{t('api_keys_actions')}</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {keys.isPending && <TableLoadingRows columns={COLUMNS} testId="api-keys-loading" />}
                {!keys.isPending && rows.length === 0 && (
                  <TableRow>
                    <TableCell colSpan={COLUMNS} align="center" sx={{ py: 6, color: 'text.secondary' }} data-testid="api-keys-empty">
                      {t('api_keys_empty')}
                    </TableCell>
                  </TableRow>
                )}
                {rows.map((k) => (
                  <ApiKeyRow key={k.id} apiKey={k} onRevoke={setRevoking} />
                ))}
              </TableBody>
            </Table>
          </TableContainer>
        </Paper>
      )}
      <ApiKeyCreateDialog
        open={creating}
        onClose={() => setCreating(false)}
        onCreated={(key) => {
          setCreating(false);
          setCreated(key);
        }}
      />
      <ApiKeySecretDialog created={created} onClose={() => setCreated(null)} />
      <ConfirmDialog
        open={revoking !== null}
        title={t('api_keys_revoke_title')}
        text={t('api_keys_revoke_text', { name: revoking?.name ?? revoking?.prefix ?? '' })}
        confirmLabel={t('api_keys_revoke')}
        busy={revoke.isPending}
        onConfirm={confirmRevoke}
        onClose={() => setRevoking(null)}
      />
    </Box>
  );
}
