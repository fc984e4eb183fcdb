import TextField from '@mui/material/TextField';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '../../../components/ui/form-dialog';
import { ApiError } from '../../../lib/api-client';
import { useCreatePartsCustomer } from '../api/create-parts-customer';

const FIELDS = ['name', 'contactName', 'phone', 'email', 'termsDays', 'customerReference'] as const;
type TField = (typeof FIELDS)[number];
const LABEL: Record<TField, string> = {
  name: 'parts_field_name',
  contactName: 'parts_field_contact',
  phone: 'parts_field_phone',
  email: 'parts_field_email',
  termsDays: 'parts_field_terms',
  customerReference: 'parts_field_reference',
};

/** A new trade account; the server's 422 lands on its field. */
export function PartsCustomerDialog({ onClose, onCreated }: { onClose: () => void; onCreated: (id: number) => void }) {
  const { t } = useTranslation();
  const create = useCreatePartsCustomer();
  const [values, setValues] = useState<Record<TField, string>>({ name: '', contactName: '', phone: '', email: '', termsDays: '30', customerReference: '' });
  const [errors, setErrors] = useState<Partial<Record<TField, string>>>({});

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!values.name.trim()) return setErrors({ name: t('parts_required') });
    if (!/^\d{1,3}$/.test(values.termsDays)) return setErrors({ termsDays: t('parts_terms_invalid') });
    create.mutate(
      {
        name: values.name,
        contactName: values.contactName,
        phone: values.phone || null,
        email: values.email || null,
        termsDays: Number(values.termsDays),
        customerReference: values.customerReference,
      },
      {
        onSuccess: (c) => {
          onCreated(c.id);
          onClose();
        },
        onError: (err) => {
          if (err instanceof ApiError) setErrors(Object.fromEntries(err.violations.map((v) => [v.propertyPath, v.message])));
        },
      },
    );
  };
  return (
    <FormDialog
      open
      onClose={() => !create.isPending && onClose()}
      onSubmit={submit}
      title={t('parts_customer_new')}
      name="parts-customer"
      submitLabel={t('parts_create')}
      submitTestId="parts-customer-submit"
      busy={create.isPending}
    >
      {FIELDS.map((f) => (
        <TextField
          key={f}
          label={t(LABEL[f])}
          value={values[f]}
          required={f === 'name'}
          autoFocus={f === 'name'}
          onChange={(e) => setValues((v) => ({ ...v, [f]: e.target.value }))}
          error={Boolean(errors[f])}
          helperText={errors[f] ?? (f === 'phone' ? t('parts_phone_help') : undefined)}
          slotProps={{
            htmlInput: { maxLength: f === 'termsDays' ? 3 : 200, inputMode: f === 'termsDays' ? 'numeric' : undefined, 'data-testid': `parts-customer-${f}` },
          }}
        />
      ))}
    </FormDialog>
  );
}
