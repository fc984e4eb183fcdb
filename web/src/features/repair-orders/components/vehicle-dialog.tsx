import { useState, type FormEvent } from 'react';
import Box from '@mui/material/Box';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import { VIN_ALREADY_USED, type TVehicle } from '@cd/contracts/vehicle';
import { FormDialog } from '../../../components/ui/form-dialog';
import { toastError, toastSuccess } from '../../../lib/toast';
import { useCreateVehicle } from '../api/create-vehicle';
import { useUpdateVehicle } from '../api/update-vehicle';
import { violationsByField } from '../lib/action-messages';
import { checkVehicleForm, EMPTY_VEHICLE_FORM, vehiclePatchOf, vehicleToForm, type TVehicleForm, type TVehicleFormErrors } from '../lib/vehicle-form';

/** Add or edit a vehicle of the customer's garage; the VIN's check digit is checked before sending. */
export function VehicleDialog({ customerId, vehicle, onClose }: { customerId: number; vehicle?: TVehicle; onClose: () => void }) {
  const { t } = useTranslation();
  const create = useCreateVehicle();
  const update = useUpdateVehicle();
  const [form, setForm] = useState<TVehicleForm>(vehicle ? vehicleToForm(vehicle) : EMPTY_VEHICLE_FORM);
  const [errors, setErrors] = useState<TVehicleFormErrors>({});
  const busy = create.isPending || update.isPending;
  const set = (field: keyof TVehicleForm) => (e: { target: { value: string } }) => {
    setForm((f) => ({ ...f, [field]: e.target.value }));
    setErrors((er) => ({ ...er, [field]: undefined }));
  };

  const onError = (err: unknown) => {
    const byField = violationsByField(err);
    if (Object.keys(byField).length === 0) return toastError(t('vehicle_save_failed'));
    setErrors(byField as TVehicleFormErrors);
  };
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    if (busy) return;
    const { errors: found, values } = checkVehicleForm(form);
    setErrors(found);
    if (!values) return;
    const done = () => {
      toastSuccess(t('vehicle_saved'));
      onClose();
    };
    if (vehicle) {
      const patch = vehiclePatchOf(vehicle, values);
      if (Object.keys(patch).length === 0) return onClose();
      update.mutate({ id: vehicle.id, patch }, { onSuccess: done, onError });
    } else create.mutate({ customer: customerId, ...values }, { onSuccess: done, onError });
  };
  const field = (name: keyof TVehicleForm, label: string, extra: { required?: boolean; inputMode?: 'numeric'; maxLength?: number } = {}) => (
    <TextField
      label={label}
      value={form[name]}
      onChange={set(name)}
      required={extra.required}
      error={!!errors[name]}
      helperText={errors[name] ? t(errors[name] === VIN_ALREADY_USED ? 'vin_already_used' : errors[name]) : undefined}
      slotProps={{ htmlInput: { inputMode: extra.inputMode, maxLength: extra.maxLength, 'data-testid': `vehicle-field-${name}` } }}
    />
  );
  return (
    <FormDialog
      open
      onClose={() => !busy && onClose()}
      onSubmit={onSubmit}
      title={t(vehicle ? 'edit_vehicle' : 'add_vehicle')}
      name="vehicle"
      submitLabel={t('save')}
      submitTestId="vehicle-save"
      busy={busy}
    >
      {field('vin', t('vin'), { required: true, maxLength: 17 })}
      <Box sx={{ display: 'grid', gridTemplateColumns: '1fr 1fr', gap: 2 }}>
        {field('make', t('make'), { required: true })}
        {field('model', t('model'), { required: true })}
        {field('year', t('year'), { required: true, inputMode: 'numeric', maxLength: 4 })}
        {field('mileage', t('mileage'), { required: true, inputMode: 'numeric' })}
        {field('registration', t('registration'))}
        {field('serialNumber', t('serial_number'))}
      </Box>
    </FormDialog>
  );
}
