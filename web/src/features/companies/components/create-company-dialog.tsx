import { useState } from 'react';
import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { ZCompanyCreateSchema } from '@cd/contracts/company';
import { ApiError } from '../../../lib/api-client';
import { toastSuccess } from '../../../lib/toast';
import { useCreateCompany } from '../api/create-company';
import { TIMEZONES, LANGUAGES } from '../lib/company-choices';
import { slugify } from '../lib/slugify';

const ZCreateFormSchema = ZCompanyCreateSchema.pick({ name: true, slug: true }).extend({
  country: ZCompanyCreateSchema.shape.country.unwrap(),
  timezone: ZCompanyCreateSchema.shape.timezone.unwrap(),
  language: ZCompanyCreateSchema.shape.language.unwrap(),
});
type TCreateForm = z.input<typeof ZCreateFormSchema>;
type TField = keyof TCreateForm;
const FIELDS: readonly TField[] = ['name', 'slug', 'country', 'timezone', 'language'];

/** Contract messages that are not catalogue keys themselves. */
const MESSAGE_KEYS: Record<string, string> = {
  'Slug may hold lowercase letters, digits and dashes.': 'slug_invalid',
};

interface TProps {
  open: boolean;
  onClose: () => void;
}

export function CreateCompanyDialog({ open, onClose }: TProps) {
  const { t } = useTranslation();
  const create = useCreateCompany();
  const [slugTouched, setSlugTouched] = useState(false);
  const [generalError, setGeneralError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    control,
    setValue,
    setError,
    reset,
    formState: { errors },
  } = useForm<TCreateForm>({
    resolver: zodResolver(ZCreateFormSchema),
    defaultValues: { name: '', slug: '', country: 'US', timezone: 'America/New_York', language: 'en' },
  });
  const country = useWatch({ control, name: 'country' }) as 'US' | 'BA';

  const message = (m: string | undefined) => (m ? t(MESSAGE_KEYS[m] ?? m, { defaultValue: m }) : undefined);

  const close = () => {
    if (create.isPending) return;
    reset();
    setSlugTouched(false);
    setGeneralError(null);
    create.reset();
    onClose();
  };

  const onSubmit = handleSubmit((values) => {
    setGeneralError(null);
    create.mutate(
      { name: values.name, slug: values.slug, country: values.country, timezone: values.timezone, language: values.language },
      {
        onSuccess: () => {
          toastSuccess(t('success'));
          close();
        },
        onError: (error) => {
          if (!(error instanceof ApiError) || error.status !== 422) return;
          const unplaced: string[] = [];
          for (const v of error.violations) {
            if ((FIELDS as readonly string[]).includes(v.propertyPath)) setError(v.propertyPath as TField, { message: v.message });
            else unplaced.push(v.message);
          }
          if (unplaced.length || error.violations.length === 0) setGeneralError(unplaced.join(' ') || error.message);
        },
      },
    );
  });

  const nameField = register('name', {
    onChange: (e: React.ChangeEvent<HTMLInputElement>) => {
      // Suggest the slug from the name until the user edits the slug themselves.
      if (!slugTouched) setValue('slug', slugify(e.target.value));
    },
  });
  const slugField = register('slug', { onChange: () => setSlugTouched(true) });

  return (
    <Dialog open={open} onClose={close} fullWidth maxWidth="sm" aria-labelledby="create-company-title" data-testid="create-company-dialog">
      <Box component="form" noValidate onSubmit={onSubmit}>
        <DialogTitle id="create-company-title">{t('create_company')}</DialogTitle>
        <DialogContent sx={{ display: 'flex', flexDirection: 'column', gap: 2, pt: '8px !important' }}>
          {generalError && (
            <Alert severity="error" data-testid="create-company-error">
              {message(generalError)}
            </Alert>
          )}
          <TextField
            {...nameField}
            id="company-name"
            label={t('name')}
            required
            autoFocus
            error={!!errors.name}
            helperText={message(errors.name?.message)}
            slotProps={{ htmlInput: { 'data-testid': 'company-field-name' } }}
          />
          <TextField
            {...slugField}
            id="company-slug"
            label={t('slug')}
            required
            error={!!errors.slug}
            helperText={message(errors.slug?.message) ?? t('slug_hint')}
            slotProps={{ htmlInput: { 'data-testid': 'company-field-slug' }, inputLabel: { shrink: true } }}
          />
          <Controller
            control={control}
            name="country"
            render={({ field }) => (
              <TextField
                select
                id="company-country"
                label={t('country')}
                value={field.value}
                onChange={(e) => {
                  const next = e.target.value as 'US' | 'BA';
                  field.onChange(next);
                  setValue('timezone', TIMEZONES[next][0]!);
                  if (next === 'BA') setValue('language', 'bs');
                }}
                error={!!errors.country}
                helperText={message(errors.country?.message)}
                slotProps={{ htmlInput: { 'data-testid': 'company-field-country' } }}
              >
                <MenuItem value="US">{t('country_US')}</MenuItem>
                <MenuItem value="BA">{t('country_BA')}</MenuItem>
              </TextField>
            )}
          />
          <Controller
            control={control}
            name="timezone"
            render={({ field }) => (
              <TextField
                select
                id="company-timezone"
                label={t('timezone')}
                value={field.value}
                onChange={field.onChange}
                error={!!errors.timezone}
                helperText={message(errors.timezone?.message)}
              >
                {(TIMEZONES[country] ?? TIMEZONES.US).map((tz) => (
                  <MenuItem key={tz} value={tz}>
                    {tz.replace(/_/g, ' ')}
                  </MenuItem>
                ))}
              </TextField>
            )}
          />
          <Controller
            control={control}
            name="language"
            render={({ field }) => (
              <TextField
                select
                id="company-language"
                label={t('language')}
                value={field.value}
                onChange={field.onChange}
                error={!!errors.language}
                helperText={message(errors.language?.message)}
              >
                {LANGUAGES.map((lng) => (
                  <MenuItem key={lng} value={lng}>
                    {t(`language_${lng}`)}
                  </MenuItem>
                ))}
              </TextField>
            )}
          />
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button type="button" onClick={close} disabled={create.isPending}>
            {t('cancel')}
          </Button>
          <Button type="submit" variant="contained" disabled={create.isPending} data-testid="company-create-submit">
            {create.isPending ? t('saving') : t('create')}
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}
