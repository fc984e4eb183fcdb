import { useState, type FormEvent } from 'react';
import Alert from '@mui/material/Alert';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import { toast } from 'react-toastify';
import { APPOINTMENT_RESOURCE_KINDS, RESOURCE_CAPACITY_MAX, ZAppointmentResourceCreateSchema, type TAppointmentResource } from '@cd/contracts/appointment';
import type { TCompanyService } from '@cd/contracts/company-service';
import { FormDialog } from '../../../components/ui/form-dialog';
import { ApiError } from '../../../lib/api-client';
import { toastSuccess } from '../../../lib/toast';
import { useCreateAppointmentResource, type TResourceInput } from '../api/create-appointment-resource';
import { useUpdateAppointmentResource } from '../api/update-appointment-resource';

type TField = 'name' | 'kind' | 'capacity' | 'services';
type TErrors = Partial<Record<TField | 'general', string>>;

const MESSAGE_KEYS: Record<string, string> = {
  name_is_required: 'schedule_resource_name_required',
  'A resource with this name already exists.': 'schedule_resource_name_taken',
};
const messageKey = (m: string) => MESSAGE_KEYS[m] ?? m;
const idOfIri = (iri: string) => Number(iri.slice(iri.lastIndexOf('/') + 1));

interface TProps {
  /** null adds a resource. */
  resource: TAppointmentResource | null;
  services: readonly TCompanyService[];
  onClose: () => void;
}

/** Add or edit a bay, a loaner car or another shared resource: how many appointments may use it at once, and which
 * services need one unit of it. Mount it only while open. */
export function ResourceDialog({ resource, services, onClose }: TProps) {
  const { t } = useTranslation();
  const create = useCreateAppointmentResource();
  const update = useUpdateAppointmentResource();
  const [name, setName] = useState(resource?.name ?? '');
  const [kind, setKind] = useState<TResourceInput['kind']>(resource?.kind ?? 'bay');
  const [capacity, setCapacity] = useState(String(resource?.capacity ?? 1));
  const [serviceIds, setServiceIds] = useState<number[]>(() => resource?.services.map(idOfIri) ?? []);
  const [errors, setErrors] = useState<TErrors>({});
  const busy = create.isPending || update.isPending;
  const message = (f: TField | 'general') => (errors[f] ? t(errors[f]!, { defaultValue: errors[f] }) : undefined);

  const onError = (error: Error) => {
    if (!(error instanceof ApiError) || error.status !== 422) return;
    const next: TErrors = {};
    for (const v of error.violations) {
      const f = (['name', 'kind', 'capacity', 'services'] as string[]).includes(v.propertyPath.split('.')[0]!)
        ? (v.propertyPath.split('.')[0] as TField)
        : 'general';
      next[f] ??= messageKey(v.message);
    }
    if (!Object.keys(next).length) next.general = error.message;
    setErrors(next);
  };
  const onSuccess = () => {
    toastSuccess(t('success'));
    onClose();
  };

  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const input = { name: name.trim(), kind, capacity: Number(capacity), services: serviceIds };
    const parsed = ZAppointmentResourceCreateSchema.safeParse(input);
    if (!parsed.success) {
      const found: TErrors = {};
      for (const issue of parsed.error.issues) {
        const f = String(issue.path[0]) as TField;
        found[f] ??= f === 'capacity' ? 'schedule_resource_capacity_range' : messageKey(issue.message);
      }
      setErrors(found);
      return;
    }
    setErrors({});
    if (!resource) {
      create.mutate(input, { onSuccess, onError });
      return;
    }
    const patch: Partial<TResourceInput> = {};
    if (input.name !== resource.name) patch.name = input.name;
    if (input.kind !== resource.kind) patch.kind = input.kind;
    if (input.capacity !== resource.capacity) patch.capacity = input.capacity;
    const before = resource.services.map(idOfIri).sort((a, b) => a - b);
    if ([...serviceIds].sort((a, b) => a - b).join() !== before.join()) patch.services = serviceIds;
    if (!Object.keys(patch).length) {
      toast.warning(t('no_changes'));
      return;
    }
    update.mutate({ id: resource.id, patch }, { onSuccess, onError });
  };

  const chosen = services.filter((s) => serviceIds.includes(s.id));
  return (
    <FormDialog
      open
      onClose={() => !busy && onClose()}
      onSubmit={submit}
      title={resource ? t('schedule_resource_edit') : t('schedule_resource_add')}
      name="resource"
      submitLabel={t('save')}
      submitTestId="resource-submit"
      busy={busy}
    >
      {message('general') && <Alert severity="error">{message('general')}</Alert>}
      <TextField
        label={t('schedule_resource_name')}
        value={name}
        onChange={(e) => setName(e.target.value)}
        error={!!errors.name}
        helperText={message('name')}
        required
        sx={{ mt: 1 }}
        slotProps={{ htmlInput: { maxLength: 100, 'data-testid': 'resource-field-name' } }}
      />
      <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap' }}>
        <TextField
          select
          label={t('schedule_resource_kind')}
          value={kind}
          onChange={(e) => setKind(e.target.value as TResourceInput['kind'])}
          sx={{ flex: 1, minWidth: 180 }}
          slotProps={{ htmlInput: { 'data-testid': 'resource-field-kind' } }}
        >
          {APPOINTMENT_RESOURCE_KINDS.map((k) => (
            <MenuItem key={k} value={k}>
              {t(`schedule_resource_kind_${k}`)}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          type="number"
          label={t('schedule_resource_capacity')}
          value={capacity}
          onChange={(e) => setCapacity(e.target.value)}
          error={!!errors.capacity}
          helperText={message('capacity') ?? t('schedule_resource_capacity_hint')}
          required
          sx={{ flex: 1, minWidth: 180 }}
          slotProps={{ htmlInput: { min: 1, max: RESOURCE_CAPACITY_MAX, step: 1, 'data-testid': 'resource-field-capacity' } }}
        />
      </Box>
      <Autocomplete
        multiple
        options={services as TCompanyService[]}
        value={chosen}
        onChange={(_, next) => setServiceIds(next.map((s) => s.id))}
        getOptionLabel={(s) => s.title}
        isOptionEqualToValue={(a, b) => a.id === b.id}
        noOptionsText={t('schedule_resource_no_services')}
        renderInput={(params) => (
          <TextField
            {...params}
            label={t('schedule_resource_services')}
            error={!!errors.services}
            helperText={message('services') ?? t('schedule_resource_services_hint')}
            slotProps={{ ...params.slotProps, htmlInput: { ...params.slotProps.htmlInput, 'data-testid': 'resource-field-services' } }}
          />
        )}
      />
    </FormDialog>
  );
}
