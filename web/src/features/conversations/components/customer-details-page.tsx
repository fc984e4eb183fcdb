import { useMemo, useState, type ComponentType, type ReactNode } from 'react';
import Edit from '@mui/icons-material/EditOutlined';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Divider from '@mui/material/Divider';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { Controller, useForm, type Path } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { CHANNELS, ZCustomerPatchSchema, type TCustomer } from '@cd/contracts/customer';
import { useColleagues } from '../../../api/get-colleagues';
import { useCustomerTags } from '../../../api/get-customer-tags';
import { ApiError } from '../../../lib/api-client';
import { isCompanyAdmin, useCurrentUser, userIri } from '../../../lib/current-user';
import { formatDateTime, formatPhone, fullName } from '../../../lib/format';
import { toast } from 'react-toastify';
import { toastSuccess } from '../../../lib/toast';
import { useCustomer } from '../api/get-customer';
import { useUpdateCustomer } from '../api/update-customer';
import { ADDRESS_FIELDS, buildCustomerPatch, customerToForm, type TCustomerForm } from '../lib/customer-form';
import { fieldMessageKey } from '../lib/field-messages';
import { CustomerHeader } from './customer-header';
import { RoutingHistory } from './routing-panel';
import { CustomerLoadError } from './customer-not-found';

function Field({ label, children, testId }: { label: string; children: ReactNode; testId?: string }) {
  return (
    <Box sx={{ minWidth: 0 }} data-testid={testId}>
      <Typography variant="caption" color="text.secondary" component="div">
        {label}
      </Typography>
      <Typography variant="body2" component="div" sx={{ overflowWrap: 'anywhere', whiteSpace: 'pre-wrap' }}>
        {children || <Box component="span" sx={{ color: 'text.disabled' }}>—</Box>}
      </Typography>
    </Box>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Box sx={{ mb: 3 }}>
      <Typography variant="overline" color="text.secondary" component="h2" sx={{ fontWeight: 700, letterSpacing: 0.8 }}>
        {title}
      </Typography>
      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, gap: 2, mt: 1 }}>{children}</Box>
    </Box>
  );
}

function useOwnerOptions() {
  const me = useCurrentUser();
  const { t } = useTranslation();
  const colleagues = useColleagues();
  return useMemo(
    () => [{ iri: userIri(me.id), label: `${fullName(me)} (${t('me')})` }, ...(colleagues.data ?? []).map((c) => ({ iri: c['@id'] ?? userIri(c.id), label: fullName(c) || c.email }))],
    [colleagues.data, me, t],
  );
}

function CustomerView({ customer, isAdmin }: { customer: TCustomer; isAdmin: boolean }) {
  const { t } = useTranslation();
  const owners = useOwnerOptions();
  const a = customer.address ?? {};
  const owner = owners.find((o) => o.iri === customer.user)?.label ?? (customer.user ? customer.user : '');
  return (
    <Box data-testid="customer-details-view">
      <Section title={t('contact')}>
        <Field label={t('first_name')} testId="customer-view-firstName">{customer.firstName}</Field>
        <Field label={t('last_name')} testId="customer-view-lastName">{customer.lastName}</Field>
        <Field label={t('phone')} testId="customer-view-phone">{formatPhone(customer.phone)}</Field>
        <Field label={t('email')} testId="customer-view-email">{customer.email}</Field>
        <Field label={t('primary_contact')}>{customer.primaryContact}</Field>
        <Field label={t('alternate_contact')}>{customer.alternateContact}</Field>
      </Section>
      <Section title={t('address')}>
        <Field label={t('street')}>{a.street}</Field>
        <Field label={t('city')}>{a.city}</Field>
        <Field label={t('state')}>{a.state}</Field>
        <Field label={t('zip')}>{a.zip}</Field>
        <Field label={t('country')}>{a.country}</Field>
      </Section>
      <Section title={t('preferences')}>
        <Field label={t('preferred_brand')}>{customer.preferredBrand}</Field>
        <Field label={t('preferred_channel')}>{customer.preferredChannel ? t(`channel_${customer.preferredChannel}`) : ''}</Field>
        <Field label={t('opt_out')} testId="customer-view-optOut">
          <Chip size="small" color={customer.optOut ? 'warning' : 'success'} variant="outlined" label={customer.optOut ? t('opted_out') : t('subscribed')} />
        </Field>
        {isAdmin && <Field label={t('owner')}>{owner}</Field>}
        <Field label={t('created')}>{formatDateTime(customer.createdAt)}</Field>
      </Section>
      <Section title={t('tags')}>
        <Box sx={{ display: 'flex', gap: 0.75, flexWrap: 'wrap', gridColumn: '1 / -1' }} data-testid="customer-view-tags">
          {customer.tags.length ? customer.tags.map((tag) => <Chip key={tag} size="small" label={tag} />) : <Typography variant="body2" color="text.disabled">—</Typography>}
        </Box>
      </Section>
      <Section title={t('notes')}>
        <Box sx={{ gridColumn: '1 / -1' }}>
          <Field label="">{customer.notes}</Field>
        </Box>
      </Section>
    </Box>
  );
}

const TEXT_FIELDS: [keyof TCustomerForm, string][] = [
  ['firstName', 'first_name'],
  ['lastName', 'last_name'],
  ['phone', 'phone'],
  ['email', 'email'],
  ['primaryContact', 'primary_contact'],
  ['alternateContact', 'alternate_contact'],
];

function CustomerEditForm({ customer, isAdmin, onDone }: { customer: TCustomer; isAdmin: boolean; onDone: () => void }) {
  const { t } = useTranslation();
  const update = useUpdateCustomer();
  const tags = useCustomerTags();
  const owners = useOwnerOptions();
  const original = useMemo(() => customerToForm(customer), [customer]);
  const {
    register,
    control,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<TCustomerForm>({ defaultValues: original });

  const err = (path: string): string | undefined => {
    let node: unknown = errors;
    for (const p of path.split('.')) node = node && typeof node === 'object' ? (node as Record<string, unknown>)[p] : undefined;
    const e = node as { message?: string; type?: string } | undefined;
    return e?.message ? t(fieldMessageKey(path, e.message, e.type), { defaultValue: e.message }) : undefined;
  };

  const onSubmit = handleSubmit((values) => {
    const patch = buildCustomerPatch(original, values);
    if (Object.keys(patch).length === 0) {
      toast.warning(t('no_changes'));
      return;
    }
    const parsed = ZCustomerPatchSchema.safeParse(patch);
    if (!parsed.success) {
      for (const issue of parsed.error.issues) setError(issue.path.join('.') as Path<TCustomerForm>, { message: issue.message, type: issue.code });
      return;
    }
    update.mutate(
      { id: customer.id, patch: parsed.data as Record<string, unknown> },
      {
        onSuccess: () => {
          toastSuccess(t('customer_saved'));
          onDone();
        },
        onError: (error) => {
          if (!(error instanceof ApiError) || error.status !== 422) return;
          for (const v of error.violations) setError(v.propertyPath as Path<TCustomerForm>, { message: v.message, type: v.code });
          if (error.violations.length === 0) toast.error(error.message);
        },
      },
    );
  });

  return (
    <Box component="form" noValidate onSubmit={onSubmit} data-testid="customer-details-form">
      <Section title={t('contact')}>
        {TEXT_FIELDS.map(([name, label]) => (
          <TextField
            key={name}
            {...register(name)}
            label={t(label)}
            size="small"
            required={name === 'phone'}
            type={name === 'email' ? 'email' : name === 'phone' ? 'tel' : 'text'}
            error={!!err(name)}
            helperText={err(name) ?? (name === 'phone' ? t('phone_hint') : undefined)}
            slotProps={{ htmlInput: { 'data-testid': `customer-field-${name}` } }}
          />
        ))}
      </Section>
      <Section title={t('address')}>
        {ADDRESS_FIELDS.map((k) => (
          <TextField
            key={k}
            {...register(`address.${k}`)}
            label={t(k === 'zip' ? 'zip' : k)}
            size="small"
            error={!!err(`address.${k}`)}
            helperText={err(`address.${k}`)}
            slotProps={{ htmlInput: { 'data-testid': `customer-field-address-${k}` } }}
          />
        ))}
      </Section>
      <Section title={t('preferences')}>
        <TextField {...register('preferredBrand')} label={t('preferred_brand')} size="small" error={!!err('preferredBrand')} helperText={err('preferredBrand')} />
        <Controller
          control={control}
          name="preferredChannel"
          render={({ field }) => (
            <TextField
              select
              size="small"
              label={t('preferred_channel')}
              value={field.value}
              onChange={field.onChange}
              error={!!err('preferredChannel')}
              helperText={err('preferredChannel')}
              slotProps={{ htmlInput: { 'data-testid': 'customer-field-preferredChannel' } }}
            >
              <MenuItem value="">{t('none')}</MenuItem>
              {CHANNELS.map((c) => (
                <MenuItem key={c} value={c}>
                  {t(`channel_${c}`)}
                </MenuItem>
              ))}
            </TextField>
          )}
        />
        {isAdmin && (
          <Controller
            control={control}
            name="user"
            render={({ field }) => (
              <TextField
                select
                size="small"
                label={t('owner')}
                value={field.value}
                onChange={field.onChange}
                error={!!err('user')}
                helperText={err('user')}
                slotProps={{ htmlInput: { 'data-testid': 'customer-field-user' } }}
              >
                <MenuItem value="">{t('nobody')}</MenuItem>
                {owners.map((o) => (
                  <MenuItem key={o.iri} value={o.iri}>
                    {o.label}
                  </MenuItem>
                ))}
                {field.value && !owners.some((o) => o.iri === field.value) && <MenuItem value={field.value}>{field.value}</MenuItem>}
              </TextField>
            )}
          />
        )}
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, gridColumn: '1 / -1', flexWrap: 'wrap' }}>
          <Typography variant="body2" color="text.secondary">
            {t('opt_out')}:
          </Typography>
          <Chip size="small" color={customer.optOut ? 'warning' : 'success'} variant="outlined" label={customer.optOut ? t('opted_out') : t('subscribed')} />
          <Typography variant="caption" color="text.secondary">
            {t('opt_out_read_only')}
          </Typography>
        </Box>
      </Section>
      <Section title={t('tags')}>
        <Box sx={{ gridColumn: '1 / -1' }}>
          <Controller
            control={control}
            name="tags"
            render={({ field }) => (
              <Autocomplete
                multiple
                freeSolo
                size="small"
                options={(tags.data ?? []).map((x) => x.name)}
                value={field.value}
                onChange={(_e, value) => field.onChange(value.map((v) => v.trim()).filter(Boolean))}
                renderInput={(params) => (
                  <TextField
                    {...params}
                    label={t('tags')}
                    helperText={err('tags') ?? t('tags_hint')}
                    error={!!err('tags')}
                    slotProps={{ ...params.slotProps, htmlInput: { ...params.slotProps.htmlInput, 'data-testid': 'customer-field-tags' } }}
                  />
                )}
              />
            )}
          />
        </Box>
      </Section>
      <Section title={t('notes')}>
        <TextField
          {...register('notes')}
          label={t('notes')}
          multiline
          minRows={3}
          sx={{ gridColumn: '1 / -1' }}
          error={!!err('notes')}
          helperText={err('notes')}
          slotProps={{ htmlInput: { 'data-testid': 'customer-field-notes' } }}
        />
      </Section>
      <Divider sx={{ mb: 2 }} />
      <Box sx={{ display: 'flex', gap: 1, justifyContent: 'flex-end', position: 'sticky', bottom: 0, zIndex: 2, bgcolor: 'background.paper', borderTop: 1, borderColor: 'divider', py: 1 }}>
        <Button onClick={onDone} disabled={update.isPending} data-testid="customer-cancel">
          {t('cancel')}
        </Button>
        <Button type="submit" variant="contained" disabled={update.isPending} data-testid="customer-save">
          {update.isPending ? t('saving') : t('save')}
        </Button>
      </Box>
    </Box>
  );
}

/** /communication/{customerId}/details: the customer's profile, view and edit. `Below` is a section the app composes in (the garage). */
export function CustomerDetailsPage({ Below }: { Below?: ComponentType<{ customer: TCustomer | undefined }> }) {
  const { t } = useTranslation();
  const me = useCurrentUser();
  const isAdmin = isCompanyAdmin(me);
  const { customerId = '' } = useParams();
  const id = /^\d+$/.test(customerId) ? Number(customerId) : NaN;
  const customer = useCustomer(id);
  // Editing belongs to the customer it was started for: another customer opens in view mode, without an effect.
  const [editingId, setEditingId] = useState<number | null>(null);
  const editing = editingId === id;
  const setEditing = (on: boolean) => setEditingId(on ? id : null);

  if (!Number.isFinite(id) || customer.isError)
    return <CustomerLoadError error={customer.error ?? new Error('not found')} onRetry={() => void customer.refetch()} />;

  const c = customer.data;
  return (
    <Box sx={{ flex: 1, minHeight: 0, display: 'flex', flexDirection: 'column' }} data-testid="customer-details-page">
      <CustomerHeader
        customer={c}
        view="details"
        extra={
          c && !editing ? (
            <Button startIcon={<Edit />} variant="outlined" size="small" onClick={() => setEditing(true)} data-testid="customer-edit">
              {t('edit')}
            </Button>
          ) : null
        }
      />
      <Box sx={{ flex: 1, minHeight: 0, overflowY: 'auto', p: { xs: 1.5, sm: 3 }, bgcolor: 'background.default' }}>
        <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 }, maxWidth: 880, mx: 'auto' }}>
          {!c ? (
            <Box aria-busy="true">
              {Array.from({ length: 6 }, (_, i) => (
                <Skeleton key={i} height={36} />
              ))}
            </Box>
          ) : editing ? (
            <CustomerEditForm key={c.id} customer={c} isAdmin={isAdmin} onDone={() => setEditing(false)} />
          ) : (
            <CustomerView customer={c} isAdmin={isAdmin} />
          )}
          {c && !editing && <RoutingHistory customerId={c.id} />}
        </Paper>
        {Below && !editing && <Below customer={c} />}
      </Box>
    </Box>
  );
}
