import { useState, type FormEvent } from 'react';
import InputAdornment from '@mui/material/InputAdornment';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { TCustomer } from '@cd/contracts/customer';
import { REPAIR_ORDER_NUMBER_TAKEN } from '@cd/contracts/repair-order';
import { vehicleDisplayName } from '@cd/contracts/vehicle';
import { FormDialog } from '../../../components/ui/form-dialog';
import { ApiError } from '../../../lib/api-client';
import { fullName } from '../../../lib/format';
import { toastError, toastSuccess } from '../../../lib/toast';
import { useCreateRepairOrder } from '../api/create-repair-order';
import { useAdvisors } from '../api/get-advisors';
import { useVehicles } from '../api/get-vehicles';
import { violationsByField } from '../lib/action-messages';
import { buildOrderCreate, EMPTY_ORDER_FORM, type TOrderForm, type TOrderFormErrors } from '../lib/order-form';

/** "New repair order" (number, title, price in dollars, a vehicle of the customer's garage, advisor, promised time). */
export function NewRepairOrderDialog({ customer, onClose }: { customer: TCustomer; onClose: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const create = useCreateRepairOrder();
  const vehicles = useVehicles(customer.id);
  const advisors = useAdvisors();
  const [form, setForm] = useState<TOrderForm>(EMPTY_ORDER_FORM);
  const [errors, setErrors] = useState<TOrderFormErrors>({});
  const set = (field: keyof TOrderForm) => (e: { target: { value: string } }) => {
    setForm((f) => ({ ...f, [field]: e.target.value }));
    setErrors((er) => ({ ...er, [field]: undefined }));
  };

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    if (create.isPending) return;
    const built = buildOrderCreate({ form, customerId: customer.id });
    if (!built.ok) return setErrors(built.errors);
    create.mutate(built.body, {
      onSuccess: (order) => {
        toastSuccess(t('repair_order_created', { number: order.number }));
        onClose();
        void navigate(`/repair-orders/${order.id}`);
      },
      onError: (err) => {
        const byField = violationsByField(err);
        if (Object.keys(byField).length === 0) return toastError(err instanceof ApiError ? t(err.message) : t('repair_order_action_failed'));
        setErrors({
          number: byField.number,
          title: byField.title,
          price: byField.price,
          vehicleId: byField.vehicle,
          advisorId: byField.serviceAdvisor,
          promisedAt: byField.promisedAt,
        });
      },
    });
  };

  const err = (field: keyof TOrderForm) => (errors[field] ? t(errors[field] === REPAIR_ORDER_NUMBER_TAKEN ? 'number_already_used' : errors[field]) : undefined);
  return (
    <FormDialog
      open
      onClose={() => !create.isPending && onClose()}
      onSubmit={onSubmit}
      title={t('new_repair_order')}
      name="new-repair-order"
      submitLabel={t('create')}
      submitTestId="new-repair-order-submit"
      busy={create.isPending}
    >
      <TextField
        label={t('repair_order_number')}
        value={form.number}
        onChange={set('number')}
        required
        autoFocus
        error={!!errors.number}
        helperText={err('number')}
        slotProps={{ htmlInput: { 'data-testid': 'new-repair-order-number', maxLength: 50 } }}
      />
      <TextField
        label={t('repair_order_title')}
        value={form.title}
        onChange={set('title')}
        required
        error={!!errors.title}
        helperText={err('title')}
        slotProps={{ htmlInput: { 'data-testid': 'new-repair-order-title', maxLength: 200 } }}
      />
      <TextField
        label={t('price')}
        value={form.price}
        onChange={set('price')}
        required
        error={!!errors.price}
        helperText={err('price')}
        slotProps={{
          input: { startAdornment: <InputAdornment position="start">$</InputAdornment> },
          htmlInput: { inputMode: 'decimal', 'data-testid': 'new-repair-order-price' },
        }}
      />
      <TextField
        select
        label={t('vehicle')}
        value={form.vehicleId}
        onChange={set('vehicleId')}
        error={!!errors.vehicleId}
        helperText={err('vehicleId') ?? (vehicles.data?.length === 0 ? t('garage_empty_hint') : undefined)}
        slotProps={{ htmlInput: { 'data-testid': 'new-repair-order-vehicle' } }}
      >
        <MenuItem value="">{t('none')}</MenuItem>
        {(vehicles.data ?? []).map((v) => (
          <MenuItem key={v.id} value={String(v.id)}>
            {vehicleDisplayName(v)}
            {v.vin ? ` · ${v.vin}` : ''}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        select
        label={t('service_advisor')}
        value={form.advisorId}
        onChange={set('advisorId')}
        error={!!errors.advisorId}
        helperText={err('advisorId')}
        slotProps={{ htmlInput: { 'data-testid': 'new-repair-order-advisor' } }}
      >
        <MenuItem value="">{t('none')}</MenuItem>
        {(advisors.data ?? []).map((u) => (
          <MenuItem key={u.id} value={String(u.id)}>
            {fullName(u) || u.email}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        type="datetime-local"
        label={t('promised_time')}
        value={form.promisedAt}
        onChange={set('promisedAt')}
        error={!!errors.promisedAt}
        helperText={err('promisedAt')}
        slotProps={{ inputLabel: { shrink: true }, htmlInput: { 'data-testid': 'new-repair-order-promised' } }}
      />
    </FormDialog>
  );
}
