import { useState } from 'react';
import Add from '@mui/icons-material/Add';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { Theme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTranslation } from 'react-i18next';
import { formatCents } from '@cd/contracts/money';
import type { TRepairOrder } from '@cd/contracts/repair-order';
import { sumLinePrices, type TRepairOrderLine } from '@cd/contracts/repair-order-line';
import { AttachmentList } from '../../../components/ui/attachment-list';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { RowEditDeleteButtons } from '../../../components/ui/row-edit-delete-buttons';
import { formatDateTime } from '../../../lib/format';
import { toastError, toastSuccess } from '../../../lib/toast';
import { useCreateRepairOrderLine } from '../api/create-repair-order-line';
import { useDeleteRepairOrderLine } from '../api/delete-repair-order-line';
import { useVehicleRecommendations } from '../api/get-vehicle-recommendations';
import { LineDialog } from './line-dialog';
import { SectionTitle } from './section-title';
import { LineStatusChip } from './status-chips';

/** Lines the customer declined on earlier orders of this vehicle, offered again (issue 13 "deferred recommendations"). */
function Recommendations({ order }: { order: TRepairOrder }) {
  const { t } = useTranslation();
  const recommendations = useVehicleRecommendations(order.vehicle?.id ?? null);
  const create = useCreateRepairOrderLine();
  const list = recommendations.data ?? [];
  if (list.length === 0) return null;
  return (
    <Box sx={{ mt: 2, p: 1.5, borderRadius: 1, bgcolor: 'action.hover' }} data-testid="repair-order-recommendations">
      <Typography variant="caption" color="text.secondary" sx={{ fontWeight: 700 }}>
        {t('recommendations_for_vehicle')}
      </Typography>
      {list.map((r) => (
        <Box key={r.id} sx={{ display: 'flex', alignItems: 'center', gap: 1, mt: 0.5 }}>
          <Typography variant="body2" sx={{ flex: 1 }}>
            {r.description}
          </Typography>
          <Typography variant="body2">{formatCents(r.price)}</Typography>
          {
            <Button
              size="small"
              startIcon={<Add />}
              disabled={create.isPending}
              onClick={() =>
                create.mutate(
                  { repairOrder: order.id, description: r.description, price: r.price, fromRecommendation: r.id },
                  { onSuccess: () => toastSuccess(t('line_added')), onError: () => toastError(t('line_save_failed')) },
                )
              }
            >
              {t('add_recommendation')}
            </Button>
          }
        </Box>
      ))}
    </Box>
  );
}

/** Who answered the line and when; empty while it waits. */
function LineDecided({ line }: { line: TRepairOrderLine }) {
  const { t } = useTranslation();
  if (!line.decidedAt) return null;
  return (
    <Typography variant="caption" color="text.secondary">
      {t(`line_decided_by_${line.decidedBy ?? 'staff'}`)} · {formatDateTime(line.decidedAt)}
    </Typography>
  );
}

/** The order's lines with their approval state (updated live when the customer answers) and totals. */
export function OrderLines({ order }: { order: TRepairOrder }) {
  const { t } = useTranslation();
  const [editing, setEditing] = useState<TRepairOrderLine | 'new' | null>(null);
  const [deleting, setDeleting] = useState<TRepairOrderLine | null>(null);
  const remove = useDeleteRepairOrderLine();
  const lines = order.repairOrderLines;
  const sums = sumLinePrices({ lines });
  const open = order.state === 'open';
  // Below 600 px the five-column table scrolls sideways: each line becomes a stacked row with the same test ids.
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const actions = (line: TRepairOrderLine) =>
    open && (
      <RowEditDeleteButtons
        name={line.description}
        onEdit={() => setEditing(line)}
        onDelete={() => setDeleting(line)}
        testIds={{ edit: `repair-order-line-edit-${line.id}`, delete: `repair-order-line-delete-${line.id}` }}
      />
    );
  return (
    <Paper variant="outlined" sx={{ p: { xs: 1.5, sm: 2.5 } }} data-testid="repair-order-lines">
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: 1 }}>
        <Box sx={{ flex: 1 }}>
          <SectionTitle>{t('repair_order_lines')}</SectionTitle>
        </Box>
        {open && (
          <Button size="small" variant="outlined" startIcon={<Add />} onClick={() => setEditing('new')} data-testid="repair-order-line-add">
            {t('add_line')}
          </Button>
        )}
      </Box>
      {lines.length === 0 ? (
        <Typography variant="body2" color="text.secondary" sx={{ fontStyle: 'italic' }}>
          {t('repair_order_no_lines')}
        </Typography>
      ) : phone ? (
        <Box data-testid="repair-order-lines-stacked">
          {lines.map((line) => (
            <Box
              key={line.id}
              data-testid={`repair-order-line-${line.id}`}
              data-status={line.status}
              sx={{ py: 1, borderTop: 1, borderColor: 'divider', '&:first-of-type': { borderTop: 0, pt: 0 } }}
            >
              <Box sx={{ display: 'flex', alignItems: 'flex-start', gap: 1 }}>
                <Typography variant="body2" sx={{ flex: 1, minWidth: 0, whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                  {line.description}
                </Typography>
                <Typography variant="body2" sx={{ whiteSpace: 'nowrap', fontWeight: 600 }}>
                  {formatCents(line.price)}
                </Typography>
              </Box>
              <AttachmentList attachments={line.files} alignEnd={false} testIdPrefix={`line-${line.id}-file`} />
              <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mt: 0.5, flexWrap: 'wrap' }}>
                <LineStatusChip status={line.status} testId={`repair-order-line-status-${line.id}`} />
                <Box sx={{ flex: 1, minWidth: 0 }}>
                  <LineDecided line={line} />
                </Box>
                {actions(line)}
              </Box>
            </Box>
          ))}
        </Box>
      ) : (
        <Box sx={{ overflowX: 'auto' }}>
          <Table size="small">
            <TableHead>
              <TableRow>
                <TableCell>{t('line_description')}</TableCell>
                <TableCell align="right">{t('price')}</TableCell>
                <TableCell>{t('status')}</TableCell>
                <TableCell sx={{ display: { xs: 'none', md: 'table-cell' } }}>{t('line_decided')}</TableCell>
                <TableCell align="right" />
              </TableRow>
            </TableHead>
            <TableBody>
              {lines.map((line) => (
                <TableRow key={line.id} data-testid={`repair-order-line-${line.id}`} data-status={line.status}>
                  <TableCell sx={{ minWidth: 180 }}>
                    <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap' }}>
                      {line.description}
                    </Typography>
                    <AttachmentList attachments={line.files} alignEnd={false} testIdPrefix={`line-${line.id}-file`} />
                  </TableCell>
                  <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                    {formatCents(line.price)}
                  </TableCell>
                  <TableCell>
                    <LineStatusChip status={line.status} testId={`repair-order-line-status-${line.id}`} />
                  </TableCell>
                  <TableCell sx={{ display: { xs: 'none', md: 'table-cell' }, whiteSpace: 'nowrap' }}>
                    <LineDecided line={line} />
                  </TableCell>
                  <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                    {actions(line)}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </Box>
      )}
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, justifyContent: 'flex-end', mt: 1.5 }} data-testid="repair-order-totals">
        <Typography variant="body2" color="text.secondary">
          {t('total_pending')}: <b>{formatCents(sums.pending)}</b>
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {t('total_denied')}: <b>{formatCents(sums.denied)}</b>
        </Typography>
        <Typography variant="body2">
          {t('total_approved')}: <b>{formatCents(sums.approved)}</b>
        </Typography>
      </Box>
      {open && <Recommendations order={order} />}
      {editing && <LineDialog orderId={order.id} line={editing === 'new' ? undefined : editing} onClose={() => setEditing(null)} />}
      <ConfirmDialog
        open={!!deleting}
        title={t('delete_line')}
        text={t('delete_line_text', { description: deleting?.description ?? '' })}
        confirmLabel={t('delete')}
        busy={remove.isPending}
        onClose={() => setDeleting(null)}
        onConfirm={() =>
          deleting &&
          remove.mutate(
            { id: deleting.id },
            {
              onSuccess: () => {
                setDeleting(null);
                toastSuccess(t('line_deleted'));
              },
              onError: () => toastError(t('line_save_failed')),
            },
          )
        }
      />
    </Paper>
  );
}
