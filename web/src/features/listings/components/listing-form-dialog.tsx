import AutoFixHighOutlined from '@mui/icons-material/AutoFixHighOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import FormControlLabel from '@mui/material/FormControlLabel';
import InputAdornment from '@mui/material/InputAdornment';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import type { TListing } from '@cd/contracts/listings';
import { centsToDollarInput } from '@cd/contracts/money';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '../../../components/ui/form-dialog';
import { ApiError } from '../../../lib/api-client';
import { useCurrentUser } from '../../../lib/current-user';
import { toastSuccess } from '../../../lib/toast';
import { useCreateListing } from '../api/create-listing';
import { useGenerateListingData } from '../api/generate-listing-data';
import { useUpdateListing } from '../api/update-listing';
import { buildListingBody, EMPTY_LISTING_FORM, isListingUrl, listingToForm, type TListingForm, type TListingFormErrors } from '../lib/listing-form';
import { AgentPicker } from './agent-picker';
import { KeywordPicker } from './keyword-picker';
import { StatusSelect } from './status-select';

/** Server field names (violations' propertyPath) → the form's. */
const FIELD_OF: Record<string, keyof TListingForm> = { keyword: 'keywordId', keyword_id: 'keywordId', agent: 'agentId', priceCents: 'price' };

/**
 * A new listing, or (with `listing`) a change to one. "Generate from URL" asks the server to read the listing page and
 * fills the fields it found; when it cannot, the user is told to continue manually (spec part 2 §8). The keyword is
 * picked here only when creating: an existing listing changes keyword through its own action.
 */
export function ListingFormDialog({ listing, onClose, onSaved }: { listing?: TListing; onClose: () => void; onSaved?: (l: TListing) => void }) {
  const { t } = useTranslation();
  const creating = !listing;
  // A new listing is the creator's until someone else is picked: they hear about its leads.
  const me = useCurrentUser();
  const create = useCreateListing();
  const update = useUpdateListing();
  const generate = useGenerateListingData();
  const busy = create.isPending || update.isPending;
  const [form, setForm] = useState<TListingForm>(() => (listing ? listingToForm(listing) : { ...EMPTY_LISTING_FORM, agentId: me.id }));
  const [errors, setErrors] = useState<TListingFormErrors>({});
  const [generateError, setGenerateError] = useState<string | null>(null);
  const [generated, setGenerated] = useState(false);
  const set = <K extends keyof TListingForm>(key: K, value: TListingForm[K]) => {
    setForm((f) => ({ ...f, [key]: value }));
    // A field's problem goes away as soon as it changes; the next save checks again.
    setErrors((e) => (e[key] ? { ...e, [key]: undefined } : e));
  };

  const runGenerate = () => {
    setGenerateError(null);
    setGenerated(false);
    if (!isListingUrl(form.url)) return setErrors((e) => ({ ...e, url: t('listing_error_url') }));
    setErrors((e) => ({ ...e, url: undefined }));
    generate.mutate(form.url.trim(), {
      // Only what the page told: a field the page left out keeps what the user typed.
      onSuccess: (data) => {
        setForm((f) => ({
          ...f,
          name: data.name ?? f.name,
          location: data.location ?? f.location,
          price: data.priceCents !== null ? centsToDollarInput(data.priceCents) : f.price,
          photoUrl: data.photoUrl ?? f.photoUrl,
          description: data.description ?? f.description,
        }));
        setGenerated(true);
      },
      onError: (err) => setGenerateError(err instanceof ApiError && err.status < 500 && err.message ? err.message : t('listing_generate_failed')),
    });
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const built = buildListingBody(form, { creating });
    if (!built.ok) return setErrors(Object.fromEntries(Object.entries(built.errors).map(([k, v]) => [k, t(v)])));
    setErrors({});
    const onError = (err: Error) => {
      if (!(err instanceof ApiError)) return;
      if (err.status === 409) return setErrors({ keywordId: err.message });
      const next: TListingFormErrors = {};
      for (const v of err.violations) next[FIELD_OF[v.propertyPath] ?? (v.propertyPath as keyof TListingForm)] = v.message;
      setErrors(Object.keys(next).length ? next : { name: err.message });
    };
    const onSuccess = (saved: TListing) => {
      toastSuccess(t(creating ? 'listing_created' : 'listing_saved'));
      onSaved?.(saved);
      onClose();
    };
    if (listing) update.mutate({ id: listing.id, patch: built.body }, { onSuccess, onError });
    else create.mutate(built.body, { onSuccess, onError });
  };

  const text = (key: 'name' | 'location' | 'photoUrl', label: string, extra: { required?: boolean; maxLength: number }) => (
    <TextField
      label={t(label)}
      value={form[key]}
      required={extra.required}
      onChange={(e) => set(key, e.target.value)}
      error={Boolean(errors[key])}
      helperText={errors[key]}
      disabled={busy}
      slotProps={{ htmlInput: { maxLength: extra.maxLength, 'data-testid': `listing-${key}` } }}
    />
  );

  return (
    <FormDialog
      open
      onClose={() => !busy && onClose()}
      onSubmit={submit}
      title={t(creating ? 'listing_new' : 'listing_edit')}
      name="listing"
      submitLabel={t(creating ? 'listing_create' : 'save')}
      submitTestId="listing-submit"
      busy={busy}
      maxWidth="md"
    >
      <Box sx={{ display: 'flex', gap: 1, alignItems: 'flex-start', flexWrap: { xs: 'wrap', sm: 'nowrap' } }}>
        <TextField
          label={t('listing_field_url')}
          value={form.url}
          required
          autoFocus={creating}
          type="url"
          fullWidth
          onChange={(e) => set('url', e.target.value)}
          error={Boolean(errors.url)}
          helperText={errors.url ?? t('listing_url_help')}
          disabled={busy}
          slotProps={{ htmlInput: { maxLength: 2000, 'data-testid': 'listing-url' } }}
        />
        <Button
          variant="outlined"
          onClick={runGenerate}
          disabled={busy || generate.isPending || !form.url.trim()}
          startIcon={generate.isPending ? <CircularProgress size={16} color="inherit" /> : <AutoFixHighOutlined />}
          sx={{ mt: 1, flexShrink: 0, whiteSpace: 'nowrap' }}
          data-testid="listing-generate"
        >
          {t('listing_generate')}
        </Button>
      </Box>
      {generateError && (
        <Alert severity="warning" onClose={() => setGenerateError(null)} data-testid="listing-generate-error">
          {generateError}
        </Alert>
      )}
      {generated && (
        <Alert severity="success" onClose={() => setGenerated(false)} data-testid="listing-generate-done">
          {t('listing_generate_done')}
        </Alert>
      )}
      {text('name', 'listing_field_name', { required: true, maxLength: 200 })}
      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, gap: 2 }}>
        {creating ? (
          <KeywordPicker value={form.keywordId} onChange={(id) => set('keywordId', id)} error={errors.keywordId} disabled={busy} required />
        ) : (
          <TextField
            label={t('listing_field_keyword')}
            value={listing.keywordName ?? t('listing_no_keyword')}
            disabled
            helperText={t('listing_keyword_change_hint')}
          />
        )}
        <AgentPicker value={form.agentId} onChange={(id) => set('agentId', id)} currentLabel={listing?.agentName} disabled={busy} error={errors.agentId} />
        {text('location', 'listing_field_location', { maxLength: 300 })}
        <TextField
          label={t('listing_field_price')}
          value={form.price}
          onChange={(e) => set('price', e.target.value)}
          error={Boolean(errors.price)}
          helperText={errors.price}
          disabled={busy}
          slotProps={{
            input: { startAdornment: <InputAdornment position="start">$</InputAdornment> },
            htmlInput: { inputMode: 'decimal', maxLength: 20, 'data-testid': 'listing-price' },
          }}
        />
        <StatusSelect value={form.status} onChange={(s) => set('status', s)} disabled={busy} testId="listing-status" />
        <FormControlLabel
          control={
            <Switch
              checked={form.negotiable}
              onChange={(e) => set('negotiable', e.target.checked)}
              disabled={busy}
              slotProps={{ input: { 'data-testid': 'listing-negotiable' } as object }}
            />
          }
          label={t('listing_field_negotiable')}
        />
      </Box>
      {text('photoUrl', 'listing_field_photo', { maxLength: 2000 })}
      {form.photoUrl && isListingUrl(form.photoUrl) && (
        <Box
          component="img"
          src={form.photoUrl}
          alt={t('listing_photo_alt', { name: form.name })}
          sx={{ maxHeight: 140, maxWidth: '100%', objectFit: 'cover', borderRadius: 1, alignSelf: 'flex-start' }}
          data-testid="listing-photo-preview"
        />
      )}
      <TextField
        label={t('listing_field_description')}
        value={form.description}
        multiline
        minRows={2}
        onChange={(e) => set('description', e.target.value)}
        error={Boolean(errors.description)}
        helperText={errors.description}
        disabled={busy}
        slotProps={{ htmlInput: { maxLength: 5000, 'data-testid': 'listing-description' } }}
      />
    </FormDialog>
  );
}
