import ExpandLess from '@mui/icons-material/ExpandLess';
import ExpandMore from '@mui/icons-material/ExpandMore';
import Box from '@mui/material/Box';
import Collapse from '@mui/material/Collapse';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { TAuditEntry } from '@cd/contracts/audit';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../lib/format';
import { auditValueText } from '../lib/audit-filters';

/** The entity in words: the server's label, else its type and id. */
function entityText(e: TAuditEntry): string {
  if (e.entityLabel) return e.entityLabel;
  if (e.entityType) return e.entityId === null ? e.entityType : `${e.entityType} #${e.entityId}`;
  return '—';
}

/** One audit row; it opens to the before/after of each changed field and the rest of the stored detail. */
export function AuditEntryRow(props: { entry: TAuditEntry; columns: number; showCompany: boolean; onUser: (user: { id: number; name: string }) => void }) {
  const { t } = useTranslation();
  const { entry: e } = props;
  const [open, setOpen] = useState(false);
  const detailId = `audit-detail-${e.id}`;
  const hasDetail = Object.keys(e.detail).length > 0;

  return (
    <>
      <TableRow hover data-testid="audit-row" data-entry-id={e.id} sx={{ '& > td': { borderBottom: open ? 0 : undefined } }}>
        <TableCell padding="checkbox">
          <IconButton
            size="small"
            aria-expanded={open}
            aria-controls={detailId}
            aria-label={t('audit_toggle_detail')}
            onClick={() => setOpen((o) => !o)}
            data-testid="audit-row-toggle"
          >
            {open ? <ExpandLess fontSize="small" /> : <ExpandMore fontSize="small" />}
          </IconButton>
        </TableCell>
        <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDateTime(e.createdAt)}</TableCell>
        <TableCell data-testid="audit-actor">
          {e.actor ? (
            <Link component="button" type="button" variant="body2" onClick={() => props.onUser(e.actor!)} title={t('audit_filter_by_user')}>
              {e.actor.name}
            </Link>
          ) : (
            t('audit_system')
          )}
          {e.actingAs && e.actingAs.id !== e.actor?.id && (
            <Typography variant="caption" color="text.secondary" component="div">
              {t('audit_acting_as', { name: e.actingAs.name })}
            </Typography>
          )}
        </TableCell>
        <TableCell sx={{ fontFamily: 'monospace', whiteSpace: 'nowrap' }} data-testid="audit-action-cell">
          {e.action}
        </TableCell>
        <TableCell>{entityText(e)}</TableCell>
        {props.showCompany && <TableCell>{e.companyName ?? '—'}</TableCell>}
        <TableCell sx={{ fontFamily: 'monospace', whiteSpace: 'nowrap' }} title={e.userAgent ?? undefined}>
          {e.ip ?? '—'}
        </TableCell>
      </TableRow>
      <TableRow>
        <TableCell colSpan={props.columns} sx={{ py: 0, ...(open ? {} : { borderBottom: 0 }) }}>
          <Collapse in={open} unmountOnExit>
            <Box id={detailId} sx={{ py: 1.5, pl: { md: 6 }, display: 'flex', flexDirection: 'column', gap: 1.5 }} data-testid="audit-detail">
              {e.changes.length > 0 ? (
                <Table size="small" aria-label={t('audit_changes')} sx={{ maxWidth: 900 }} data-testid="audit-changes">
                  <TableHead>
                    <TableRow>
                      <TableCell>{t('audit_field')}</TableCell>
                      <TableCell>{t('audit_before')}</TableCell>
                      <TableCell>{t('audit_after')}</TableCell>
                    </TableRow>
                  </TableHead>
                  <TableBody>
                    {e.changes.map((c) => (
                      <TableRow key={c.field}>
                        <TableCell sx={{ fontFamily: 'monospace' }}>{c.field}</TableCell>
                        <TableCell sx={{ color: 'error.main', wordBreak: 'break-word' }}>{auditValueText(c.before)}</TableCell>
                        <TableCell sx={{ color: 'success.main', wordBreak: 'break-word' }}>{auditValueText(c.after)}</TableCell>
                      </TableRow>
                    ))}
                  </TableBody>
                </Table>
              ) : (
                <Typography variant="body2" color="text.secondary">
                  {t('audit_no_changes')}
                </Typography>
              )}
              {e.userAgent && (
                <Typography variant="caption" color="text.secondary" sx={{ wordBreak: 'break-word' }} data-testid="audit-user-agent">
                  {t('audit_user_agent', { agent: e.userAgent })}
                </Typography>
              )}
              {hasDetail && (
                <Box
                  component="pre"
                  sx={{ m: 0, p: 1.5, bgcolor: 'action.hover', borderRadius: 1, fontSize: 12, overflowX: 'auto', maxHeight: 320 }}
                  data-testid="audit-raw"
                  aria-label={t('audit_raw_detail')}
                >
                  {JSON.stringify(e.detail, null, 2)}
                </Box>
              )}
            </Box>
          </Collapse>
        </TableCell>
      </TableRow>
    </>
  );
}
