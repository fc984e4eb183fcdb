import { useState } from 'react';
import Add from '@mui/icons-material/Add';
import DirectionsCar from '@mui/icons-material/DirectionsCarOutlined';
import RequestQuote from '@mui/icons-material/RequestQuoteOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { TCustomer } from '@cd/contracts/customer';
import { formatCents } from '@cd/contracts/money';
import { vehicleDisplayName, type TVehicle } from '@cd/contracts/vehicle';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { RowEditDeleteButtons } from '../../../components/ui/row-edit-delete-buttons';
import { useCurrentUser } from '../../../lib/current-user';
import { formatDateTime } from '../../../lib/format';
import { toastError, toastSuccess } from '../../../lib/toast';
import { useDeleteVehicle } from '../api/delete-vehicle';
import { useVehicleRecalls } from '../api/get-vehicle-recalls';
import { useVehicleRecommendations } from '../api/get-vehicle-recommendations';
import { useVehicles } from '../api/get-vehicles';
import { useSendVehicleAppraisal } from '../api/send-vehicle-appraisal';
import { actionErrorMessage, vehicleDeleteErrorMessage } from '../lib/action-messages';
import { RecallNotice } from './recall-list';
import { SectionTitle } from './section-title';
import { VehicleDialog } from './vehicle-dialog';

function VehicleCard({ vehicle, onEdit, onDelete }: { vehicle: TVehicle; onEdit: () => void; onDelete: () => void }) {
  const { t } = useTranslation();
  const recalls = useVehicleRecalls(vehicle.id);
  const recommendations = useVehicleRecommendations(vehicle.id);
  const appraisal = useSendVehicleAppraisal();
  const [confirmAppraisal, setConfirmAppraisal] = useState(false);
  const sendAppraisal = () => {
    setConfirmAppraisal(false);
    if (appraisal.isPending) return;
    appraisal.mutate(
      { id: vehicle.id },
      { onSuccess: () => toastSuccess(t('vehicle_appraisal_sent')), onError: (err) => toastError(t(actionErrorMessage(err))) },
    );
  };
  const details = [
    vehicle.vin && `${t('vin')} ${vehicle.vin}`,
    `${t('mileage')} ${vehicle.mileage.toLocaleString('en-US')}`,
    vehicle.registration && `${t('registration')} ${vehicle.registration}`,
    vehicle.serialNumber && `${t('serial_number')} ${vehicle.serialNumber}`,
  ].filter(Boolean);
  return (
    <Paper variant="outlined" sx={{ p: 1.5, display: 'flex', flexDirection: 'column', gap: 1 }} data-testid={`vehicle-${vehicle.id}`}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
        <DirectionsCar color="action" />
        <Typography variant="subtitle2" sx={{ fontWeight: 700, flex: 1, minWidth: 0 }}>
          {vehicleDisplayName(vehicle)}
        </Typography>
        <RowEditDeleteButtons
          name={vehicleDisplayName(vehicle)}
          onEdit={onEdit}
          onDelete={onDelete}
          testIds={{ edit: `vehicle-edit-${vehicle.id}`, delete: `vehicle-delete-${vehicle.id}` }}
        />
      </Box>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
        {vehicle.openRepairOrders > 0 && (
          <Chip size="small" color="primary" variant="outlined" label={t('vehicle_open_orders', { count: vehicle.openRepairOrders })} />
        )}
        <Typography variant="caption" color="text.secondary" sx={{ fontFamily: 'monospace', overflowWrap: 'anywhere' }}>
          {details.join(' · ')}
        </Typography>
      </Box>
      <RecallNotice data={recalls.data} />
      {recommendations.data && recommendations.data.length > 0 && (
        <Box data-testid={`vehicle-recommendations-${vehicle.id}`}>
          <Typography variant="caption" color="text.secondary" sx={{ fontWeight: 700 }}>
            {t('deferred_recommendations')}
          </Typography>
          {recommendations.data.map((r) => (
            <Typography key={r.id} variant="body2" sx={{ display: 'flex', gap: 1 }}>
              <Box component="span" sx={{ flex: 1 }}>
                {r.description}
              </Box>
              <span>{formatCents(r.price)}</span>
            </Typography>
          ))}
        </Box>
      )}
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
        <Button
          size="small"
          variant="outlined"
          startIcon={appraisal.isPending ? <CircularProgress size={14} color="inherit" /> : <RequestQuote />}
          disabled={appraisal.isPending}
          onClick={() => setConfirmAppraisal(true)}
          data-testid={`vehicle-appraisal-${vehicle.id}`}
        >
          {t('send_vehicle_appraisal')}
        </Button>
        {vehicle.appraisalMessageSentAt && (
          <Typography variant="caption" color="text.secondary">
            {t('vehicle_appraisal_sent_at', { time: formatDateTime(vehicle.appraisalMessageSentAt) })}
          </Typography>
        )}
      </Box>
      <ConfirmDialog
        open={confirmAppraisal}
        title={t('send_vehicle_appraisal')}
        text={t('send_vehicle_appraisal_text', { vehicle: vehicleDisplayName(vehicle) })}
        confirmLabel={t('send')}
        onClose={() => setConfirmAppraisal(false)}
        onConfirm={sendAppraisal}
      />
    </Paper>
  );
}

/** The customer's garage (spec part 2 §2) on the customer details screen, for automotive companies. */
export function GarageSection({ customer }: { customer: TCustomer | undefined }) {
  const { t } = useTranslation();
  const me = useCurrentUser();
  const automotive = !!(me.modules?.automotive ?? me.companyData?.modules.automotive);
  const vehicles = useVehicles(customer?.id ?? 0, automotive);
  const remove = useDeleteVehicle();
  const [editing, setEditing] = useState<TVehicle | 'new' | null>(null);
  const [deleting, setDeleting] = useState<TVehicle | null>(null);
  if (!automotive || !customer) return null;
  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 }, maxWidth: 880, mx: 'auto', mt: 2 }} data-testid="garage-section">
      <Box sx={{ display: 'flex', alignItems: 'center', mb: 1 }}>
        <Box sx={{ flex: 1 }}>
          <SectionTitle>{t('garage')}</SectionTitle>
        </Box>
        <Button size="small" variant="outlined" startIcon={<Add />} onClick={() => setEditing('new')} data-testid="vehicle-add">
          {t('add_vehicle')}
        </Button>
      </Box>
      {vehicles.isPending ? (
        <Skeleton variant="rounded" height={80} />
      ) : (vehicles.data ?? []).length === 0 ? (
        <Typography variant="body2" color="text.secondary" sx={{ fontStyle: 'italic' }}>
          {t('garage_empty')}
        </Typography>
      ) : (
        <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', xl: '1fr 1fr' }, gap: 1.5 }}>
          {vehicles.data!.map((v) => (
            <VehicleCard key={v.id} vehicle={v} onEdit={() => setEditing(v)} onDelete={() => setDeleting(v)} />
          ))}
        </Box>
      )}
      {editing && <VehicleDialog customerId={customer.id} vehicle={editing === 'new' ? undefined : editing} onClose={() => setEditing(null)} />}
      <ConfirmDialog
        open={!!deleting}
        title={t('delete_vehicle')}
        text={t('delete_vehicle_text', { vehicle: deleting ? vehicleDisplayName(deleting) : '' })}
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
                toastSuccess(t('vehicle_deleted'));
              },
              onError: (err) => {
                setDeleting(null);
                toastError(t(vehicleDeleteErrorMessage(err)));
              },
            },
          )
        }
      />
    </Paper>
  );
}
