import { useMemo, useState, type FormEvent } from 'react';
import Alert from '@mui/material/Alert';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import MenuItem from '@mui/material/MenuItem';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Skeleton from '@mui/material/Skeleton';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { TAppointment } from '@cd/contracts/appointment';
import { APPOINTMENT_NOTES_MAX, APPOINTMENT_SERVICES_MAX } from '@cd/contracts/appointment-constants';
import type { TCompanyService } from '@cd/contracts/company-service';
import type { TCustomerSimple } from '@cd/contracts/customer';
import { localDayOf } from '@cd/contracts/survey-dates';
import { useCustomerSearch } from '../../../api/search-customers';
import { FormDialog } from '../../../components/ui/form-dialog';
import { ApiError } from '../../../lib/api-client';
import { toastSuccess } from '../../../lib/toast';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { useCreateAppointment } from '../api/create-appointment';
import { useCompanyServices } from '../api/get-company-services';
import { useCustomerVehicles } from '../api/get-customer-vehicles';
import { useWorkingHours } from '../api/get-working-hours';
import { useAppointmentsCompany } from '../hooks/use-appointments-company';
import { conflictMessageKeyOf } from '../lib/appointment-errors';
import { idOfIri } from '../lib/appointment-view';
import { SlotPicker } from './slot-picker';

export interface TAppointmentCreateDialogProps {
  open: boolean;
  onClose: () => void;
  /** A customer chosen already (the messenger's conversation): the search is skipped. */
  customer?: { id: number; name: string };
  /** A time picked on the calendar: its day is shown and its slot chosen when free. */
  initialStart?: Date;
  onCreated?: (appointment: TAppointment) => void;
}

/**
 * Book an appointment (calendar, messenger): customer, vehicle, services, then a day's free slots from the availability
 * engine with who is free in each, an optional assignee, notes and the status. Self-contained: it loads everything it
 * needs, so any screen can open it.
 */
export function AppointmentCreateDialog(props: TAppointmentCreateDialogProps) {
  const { t } = useTranslation();
  // Mounted only while open: each opening starts from the props again.
  if (!props.open) return null;
  return <CreateForm {...props} key={`${props.customer?.id ?? ''}-${props.initialStart?.getTime() ?? ''}`} title={t('appointments_new')} />;
}

function CreateForm({ onClose, customer: fixedCustomer, initialStart, onCreated, title }: TAppointmentCreateDialogProps & { title: string }) {
  const { t } = useTranslation();
  const { zone } = useAppointmentsCompany();
  const timeZone = zone.data?.timezone ?? null;
  const create = useCreateAppointment();
  const services = useCompanyServices();
  const workingHours = useWorkingHours();

  const [customer, setCustomer] = useState<{ id: number; name: string } | null>(fixedCustomer ?? null);
  const [search, setSearch] = useState('');
  const debounced = useDebouncedValue(search, 300);
  const customers = useCustomerSearch({ search: debounced, enabled: !fixedCustomer && debounced.trim().length >= 2 });
  const vehicles = useCustomerVehicles(customer?.id ?? null);
  const [vehicle, setVehicle] = useState<number | ''>('');
  const [serviceIds, setServiceIds] = useState<number[]>([]);
  const [day, setDay] = useState<string | null>(null);
  const [slot, setSlot] = useState<{ startsAt: string; endsAt: string; assignees: string[] } | null>(null);
  const [assignee, setAssignee] = useState('');
  const [notes, setNotes] = useState('');
  const [status, setStatus] = useState<'confirmed' | 'requested'>('confirmed');
  const [error, setError] = useState<string | null>(null);
  const [tried, setTried] = useState(false);

  const today = timeZone ? localDayOf({ instant: new Date(), timeZone }) : null;
  const startDay = timeZone ? localDayOf({ instant: initialStart ?? new Date(), timeZone }) : null;
  const shownDay = day ?? (startDay && today && startDay < today ? today : startDay);

  const names = useMemo(() => new Map((workingHours.data ?? []).map((w) => [w.user, w.userName])), [workingHours.data]);
  const chosenServices = useMemo(
    () => serviceIds.map((id) => services.data?.find((s) => s.id === id)).filter((s): s is TCompanyService => !!s),
    [serviceIds, services.data],
  );

  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    setTried(true);
    if (!customer || serviceIds.length === 0 || !slot) return;
    setError(null);
    create.mutate(
      {
        customer: customer.id,
        vehicle: vehicle === '' ? null : vehicle,
        services: serviceIds,
        assignee: assignee ? idOfIri(assignee) : null,
        startsAt: slot.startsAt,
        endsAt: slot.endsAt,
        notes: notes.trim() || undefined,
        status,
      },
      {
        onSuccess: (created) => {
          toastSuccess(t('appointments_created'));
          onCreated?.(created);
          onClose();
        },
        onError: (err) => {
          const key = conflictMessageKeyOf({ error: err, kind: 'create' });
          if (key) {
            setSlot(null);
            setError(t(key));
          } else if (err instanceof ApiError && err.violations.length > 0) {
            setError(err.violations.map((v) => v.message).join(' '));
          } else setError(err.message || t('appointments_action_failed'));
        },
      },
    );
  };

  return (
    <FormDialog
      open
      onClose={create.isPending ? () => undefined : onClose}
      onSubmit={submit}
      title={title}
      name="appointment-create"
      submitLabel={t('appointments_book')}
      submitTestId="appointment-create-submit"
      busy={create.isPending}
      maxWidth="md"
    >
      {error && (
        <Alert severity="error" onClose={() => setError(null)} data-testid="appointment-create-error">
          {error}
        </Alert>
      )}
      {fixedCustomer ? (
        <TextField label={t('appointments_customer')} value={fixedCustomer.name} size="small" slotProps={{ input: { readOnly: true } }} />
      ) : (
        <Autocomplete<TCustomerSimple>
          options={customers.data ?? []}
          filterOptions={(x) => x}
          getOptionLabel={(c) => c.name}
          isOptionEqualToValue={(a, b) => a.id === b.id}
          value={customer ? { '@id': `/api/customers/${customer.id}`, id: customer.id, name: customer.name, phone: null } : null}
          onChange={(_, c) => {
            setCustomer(c ? { id: c.id, name: c.name } : null);
            setVehicle('');
          }}
          inputValue={search}
          onInputChange={(_, v) => setSearch(v)}
          loading={customers.isFetching}
          noOptionsText={debounced.trim().length >= 2 ? t('appointments_no_customers') : t('appointments_type_to_search')}
          renderOption={(liProps, c) => (
            <li {...liProps} key={c.id}>
              <Box>
                <Typography variant="body2">{c.name}</Typography>
                {c.phone && (
                  <Typography variant="caption" color="text.secondary">
                    {c.phone}
                  </Typography>
                )}
              </Box>
            </li>
          )}
          renderInput={(params) => (
            <TextField
              {...params}
              size="small"
              label={t('appointments_customer')}
              required
              autoFocus
              error={tried && !customer}
              helperText={tried && !customer ? t('appointments_choose_customer') : undefined}
              slotProps={{ ...params.slotProps, htmlInput: { ...params.slotProps.htmlInput, 'data-testid': 'appointment-create-customer' } }}
            />
          )}
        />
      )}
      {vehicles.data && vehicles.data.length > 0 && (
        <TextField
          select
          size="small"
          label={t('appointments_vehicle')}
          value={vehicle === '' ? '' : String(vehicle)}
          onChange={(e) => setVehicle(e.target.value === '' ? '' : Number(e.target.value))}
          slotProps={{ htmlInput: { 'data-testid': 'appointment-create-vehicle' }, select: { displayEmpty: true }, inputLabel: { shrink: true } }}
        >
          <MenuItem value="">{t('appointments_no_vehicle')}</MenuItem>
          {vehicles.data.map((v) => (
            <MenuItem key={v.id} value={String(v.id)}>
              {[v.year || null, v.make, v.model].filter(Boolean).join(' ')}
              {v.registration ? ` · ${v.registration}` : ''}
            </MenuItem>
          ))}
        </TextField>
      )}
      <Autocomplete<TCompanyService, true>
        multiple
        options={services.data ?? []}
        loading={services.isPending}
        getOptionLabel={(s) => s.title}
        isOptionEqualToValue={(a, b) => a.id === b.id}
        getOptionDisabled={() => serviceIds.length >= APPOINTMENT_SERVICES_MAX}
        value={chosenServices}
        onChange={(_, list) => {
          setServiceIds(list.map((s) => s.id));
          setSlot(null);
        }}
        noOptionsText={services.isError ? t('appointments_services_failed') : t('appointments_no_services')}
        renderOption={(liProps, s) => (
          <li {...liProps} key={s.id}>
            <Box sx={{ display: 'flex', width: '100%', gap: 1 }}>
              <Typography variant="body2" sx={{ flex: 1 }}>
                {s.title}
              </Typography>
              <Typography variant="body2" color="text.secondary">
                {t('minutes_count', { count: s.duration })}
              </Typography>
            </Box>
          </li>
        )}
        renderValue={(list, getItemProps) =>
          list.map((s, index) => {
            const { key, ...itemProps } = getItemProps({ index });
            return <Chip key={key} size="small" label={s.title} {...itemProps} />;
          })
        }
        renderInput={(params) => (
          <TextField
            {...params}
            size="small"
            label={t('appointments_services')}
            required
            error={tried && serviceIds.length === 0}
            helperText={
              tried && serviceIds.length === 0
                ? t('appointments_choose_services')
                : chosenServices.length > 0
                  ? t('appointments_duration_total', { count: chosenServices.reduce((sum, s) => sum + s.duration, 0) })
                  : undefined
            }
            slotProps={{ ...params.slotProps, htmlInput: { ...params.slotProps.htmlInput, 'data-testid': 'appointment-create-services' } }}
          />
        )}
      />
      {!timeZone || !shownDay || !today ? (
        zone.isError ? (
          <Alert severity="error">{t('appointments_load_failed')}</Alert>
        ) : (
          <Skeleton variant="rounded" height={120} />
        )
      ) : (
        <SlotPicker
          serviceIds={serviceIds}
          day={shownDay}
          today={today}
          timeZone={timeZone}
          initialStart={initialStart}
          selected={slot?.startsAt ?? null}
          names={names}
          missing={tried && !slot}
          onDay={(d) => {
            setDay(d);
            setSlot(null);
          }}
          onSlot={(s) => {
            setSlot(s);
            if (s && assignee && !s.assignees.includes(assignee)) setAssignee('');
          }}
        />
      )}
      {slot && slot.assignees.length > 0 && (
        <TextField
          select
          size="small"
          label={t('appointments_assignee')}
          value={assignee}
          onChange={(e) => setAssignee(e.target.value)}
          helperText={t('appointments_assignee_hint')}
          slotProps={{ htmlInput: { 'data-testid': 'appointment-create-assignee' }, select: { displayEmpty: true }, inputLabel: { shrink: true } }}
        >
          <MenuItem value="">{t('appointments_anyone_free')}</MenuItem>
          {slot.assignees.map((iri) => (
            <MenuItem key={iri} value={iri}>
              {names.get(iri) ?? `#${idOfIri(iri) ?? iri}`}
            </MenuItem>
          ))}
        </TextField>
      )}
      <TextField
        label={t('appointments_notes')}
        multiline
        minRows={2}
        maxRows={6}
        size="small"
        value={notes}
        onChange={(e) => setNotes(e.target.value)}
        slotProps={{ htmlInput: { maxLength: APPOINTMENT_NOTES_MAX, 'data-testid': 'appointment-create-notes' } }}
      />
      <Box>
        <FormLabel id="appointment-create-status" sx={{ fontSize: 14 }}>
          {t('status')}
        </FormLabel>
        <RadioGroup row aria-labelledby="appointment-create-status" value={status} onChange={(e) => setStatus(e.target.value as 'confirmed' | 'requested')}>
          <FormControlLabel value="confirmed" control={<Radio size="small" />} label={t('appointment_status_confirmed')} />
          <FormControlLabel value="requested" control={<Radio size="small" />} label={t('appointments_status_requested_hint')} />
        </RadioGroup>
      </Box>
    </FormDialog>
  );
}
