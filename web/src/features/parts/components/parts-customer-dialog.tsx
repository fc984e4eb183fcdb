import Skeleton from '@mui/material/Skeleton';
import TextField from '@mui/material/TextField';
import type { TPartsCustomer } from '@cd/contracts/parts';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '../../../components/ui/form-dialog';
import { ApiError } from '../../../lib/api-client';
import { useCreatePartsCustomer } from '../api/create-parts-customer';
import { linkedCustomerIdOf, useLinkedCustomer } from '../api/get-linked-customer';
import { useUpdatePartsCustomer } from '../api/update-parts-customer';
import { MessagingCustomerPicker, type TLinkedCustomer } from './messaging-customer-picker';

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

type TProps = { onClose: () => void; onCreated?: (id: number) => void; customer?: TPartsCustomer };

/**
 * A new trade account, or (with `customer`) a change to one, including the messaging customer its texts go to.
 * Editing waits for the linked customer's name so the picker opens showing it.
 */
export function PartsCustomerDialog(props: TProps) {
  const { t } = useTranslation();
  // The account as it was when the dialog opened: saving refetches it, and the form must not remount under its own
  // pending save (the save's callbacks would be lost and the dialog would stay open).
  const [customer] = useState(props.customer);
  const linkedId = linkedCustomerIdOf(customer?.customer);
  const linked = useLinkedCustomer(customer?.customer);
  if (linkedId !== null && linked.isPending) {
    return (
      <FormDialog
        open
        onClose={props.onClose}
        onSubmit={(e) => e.preventDefault()}
        title={t('parts_customer_edit')}
        name="parts-customer"
        submitLabel={t('parts_save')}
        submitTestId="parts-customer-submit"
        busy
        submitDisabled
      >
        <Skeleton variant="rounded" height={56} data-testid="parts-customer-dialog-loading" />
      </FormDialog>
    );
  }
  // A customer this user may not see (an owner-scoped user) is still linked: it is kept, shown by number.
  const initialLink: TLinkedCustomer | null =
    linkedId === null
      ? null
      : linked.data
        ? { id: linked.data.id, name: linked.data.name, phone: linked.data.phone }
        : { id: linkedId, name: t('parts_link_hidden', { id: linkedId }), phone: null };
  return <CustomerForm {...props} customer={customer} initialLink={initialLink} />;
}

function CustomerForm({ onClose, onCreated, customer, initialLink }: TProps & { initialLink: TLinkedCustomer | null }) {
  const { t } = useTranslation();
  const create = useCreatePartsCustomer();
  const update = useUpdatePartsCustomer();
  const busy = create.isPending || update.isPending;
  const [values, setValues] = useState<Record<TField, string>>(
    customer
      ? {
          name: customer.name,
          contactName: customer.contactName,
          phone: customer.phone ?? '',
          email: customer.email ?? '',
          termsDays: String(customer.termsDays),
          customerReference: customer.customerReference,
        }
      : { name: '', contactName: '', phone: '', email: '', termsDays: '30', customerReference: '' },
  );
  const [link, setLink] = useState<TLinkedCustomer | null>(initialLink);
  const [errors, setErrors] = useState<Partial<Record<TField | 'customer', string>>>({});

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!values.name.trim()) return setErrors({ name: t('parts_required') });
    if (!/^\d{1,3}$/.test(values.termsDays)) return setErrors({ termsDays: t('parts_terms_invalid') });
    const body = {
      name: values.name,
      contactName: values.contactName,
      phone: values.phone || null,
      email: values.email || null,
      termsDays: Number(values.termsDays),
      customerReference: values.customerReference,
      customer: link?.id ?? null,
    };
    const onError = (err: Error) => {
      if (err instanceof ApiError) setErrors(Object.fromEntries(err.violations.map((v) => [v.propertyPath, v.message])));
    };
    if (customer) update.mutate({ id: customer.id, patch: body }, { onSuccess: onClose, onError });
    else
      create.mutate(body, {
        onSuccess: (c) => {
          onCreated?.(c.id);
          onClose();
        },
        onError,
      });
  };
  return (
    <FormDialog
      open
      onClose={() => !busy && onClose()}
      onSubmit={submit}
      title={customer ? t('parts_customer_edit') : t('parts_customer_new')}
      name="parts-customer"
      submitLabel={customer ? t('parts_save') : t('parts_create')}
      submitTestId="parts-customer-submit"
      busy={busy}
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
      <MessagingCustomerPicker value={link} onChange={setLink} error={errors.customer} disabled={busy} />
    </FormDialog>
  );
}
