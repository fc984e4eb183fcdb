import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import type { TApiKey } from '@cd/contracts/api-keys';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../lib/format';

const STATUS_COLOR = { active: 'success', revoked: 'default', expired: 'warning' } as const;

/** One key: name, prefix, scopes, dates, status and (while active) revoke. */
export function ApiKeyRow(props: { apiKey: TApiKey; onRevoke: (key: TApiKey) => void }) {
  const { t } = useTranslation();
  const k = props.apiKey;
  return (
    <TableRow data-testid={`api-key-row-${k.id}`}>
      <TableCell>{k.name ?? <span style={{ opacity: 0.6 }}>{t('api_keys_unnamed')}</span>}</TableCell>
      <TableCell sx={{ fontFamily: 'monospace', whiteSpace: 'nowrap' }}>{k.prefix}…</TableCell>
      <TableCell>
        <Stack direction="row" spacing={0.5} useFlexGap sx={{ flexWrap: 'wrap' }}>
          {k.scopes.map((s) => (
            <Chip
              key={s.area}
              size="small"
              variant="outlined"
              color={s.access === 'write' ? 'primary' : 'default'}
              label={`${s.area}: ${t(`api_keys_access_${s.access}`)}`}
            />
          ))}
        </Stack>
      </TableCell>
      <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDateTime(k.createdAt)}</TableCell>
      <TableCell sx={{ whiteSpace: 'nowrap' }}>{k.lastUsedAt ? formatDateTime(k.lastUsedAt) : t('api_keys_never')}</TableCell>
      <TableCell sx={{ whiteSpace: 'nowrap' }}>{k.expiresAt ? formatDateTime(k.expiresAt) : t('api_keys_no_expiry')}</TableCell>
      <TableCell>
        <Chip size="small" color={STATUS_COLOR[k.status]} label={t(`api_keys_status_${k.status}`)} data-testid={`api-key-status-${k.id}`} />
      </TableCell>
      <TableCell align="right">
        {k.status === 'active' && (
          <Button size="small" color="error" onClick={() => props.onRevoke(k)} data-testid={`api-key-revoke-${k.id}`}>
            {t('api_keys_revoke')}
          </Button>
        )}
      </TableCell>
    </TableRow>
  );
}
