import MenuItem from '@mui/material/MenuItem';
import Box from '@mui/material/Box';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { ZCompanyPatchSchema, type TCompany, type TCompanyPatch } from '@cd/contracts/company';
import { isSuperAdmin } from '@cd/contracts/roles';
import { useCurrentUser } from '../../../lib/current-user';
import { formatPhone, fullName } from '../../../lib/format';
import { useCompanyUsers } from '../api/get-company-users';
import { useSettingsForm, type TFieldErrors } from '../hooks/use-settings-form';
import { COUNTRIES, LANGUAGES, settingsMessageKey, TIMEZONES } from '../lib/company-choices';
import { SettingsSection } from './settings-section';

const toValues = (c: TCompany) => ({
  name: c.name,
  slug: c.slug,
  country: c.country,
  timezone: c.timezone,
  language: c.language as string,
  email: c.email ?? '',
  defaultCustomerUser: c.defaultCustomerUser ?? '',
  address: c.address ?? '',
  phone: c.phone ?? '',
});
type TInfoValues = ReturnType<typeof toValues>;

/** Trimmed values, empty optional fields as null (spec part 2 §5: name, slug, email, address are trimmed). */
function toPatch(changed: Partial<TInfoValues>): TCompanyPatch {
  const patch: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(changed)) {
    const v = typeof value === 'string' ? value.trim() : value;
    patch[key] = v === '' && ['email', 'defaultCustomerUser', 'address', 'phone'].includes(key) ? null : v;
  }
  return patch as TCompanyPatch;
}

/** The contracts' patch schema checks every field the way the server will. */
function validateInfo(values: TInfoValues): TFieldErrors {
  const parsed = ZCompanyPatchSchema.safeParse(toPatch(values));
  const errors: TFieldErrors = {};
  if (!parsed.success) for (const issue of parsed.error.issues) errors[issue.path.join('.')] ??= issue.message;
  return errors;
}

const TEXT_FIELDS = ['name', 'slug', 'email', 'phone', 'address'] as const;

/** general_data → info. Name and slug are editable by super admins only (the server enforces it too). */
export function GeneralInfoForm({ company }: { company: TCompany }) {
  const { t } = useTranslation();
  const me = useCurrentUser();
  const superAdmin = isSuperAdmin(me.roles);
  const form = useSettingsForm({ company, toValues, validate: validateInfo, toPatch });
  const users = useCompanyUsers(company.id, { enabled: form.editing });
  const v = form.values;
  const set = (patch: Partial<TInfoValues>) => form.setValues({ ...v, ...patch });
  const message = (path: string) => {
    const m = form.errors[path];
    return m ? t(settingsMessageKey({ path, message: m }), { defaultValue: m }) : undefined;
  };
  const country = (COUNTRIES as readonly string[]).includes(v.country) ? (v.country as (typeof COUNTRIES)[number]) : 'US';
  const timezones = TIMEZONES[country].includes(v.timezone) ? TIMEZONES[country] : [v.timezone, ...TIMEZONES[country]];
  const defaultUserLabel = (() => {
    if (!company.defaultCustomerUser) return '';
    const u = users.data?.find((x) => x['@id'] === company.defaultCustomerUser);
    return u ? fullName(u) || u.email : company.defaultCustomerUser;
  })();

  const locked = (field: string) => (field === 'name' || field === 'slug') && !superAdmin;

  return (
    <SettingsSection
      title={t('company_info')}
      testId="company-info"
      form={form}
    >
      {!form.editing ? (
        <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr', lg: '1fr 1fr 1fr' }, gap: 2, m: 0 }}>
          {(
            [
              ['name', company.name],
              ['slug', company.slug],
              ['country', t(`country_${company.country}`, { defaultValue: company.country })],
              ['timezone', company.timezone.replace(/_/g, ' ')],
              ['language', t(`language_${company.language}`)],
              ['email', company.email],
              ['default_customer_user', company.defaultCustomerUser ? <DefaultUserName key="u" company={company} /> : null],
              ['address', company.address],
              ['phone', company.phone ? formatPhone(company.phone) : null],
            ] as const
          ).map(([label, value]) => (
            <Box key={label} sx={{ minWidth: 0 }} data-testid={`company-info-view-${label}`}>
              <Typography component="dt" variant="caption" color="text.secondary">
                {t(label)}
              </Typography>
              <Typography component="dd" variant="body2" sx={{ m: 0, overflowWrap: 'anywhere' }}>
                {value || <Box component="span" sx={{ color: 'text.disabled' }}>—</Box>}
              </Typography>
            </Box>
          ))}
        </Box>
      ) : (
        <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, gap: 2 }}>
          {TEXT_FIELDS.map((field) => (
            <TextField
              key={field}
              label={t(field)}
              size="small"
              value={v[field]}
              required={field === 'name' || field === 'slug'}
              type={field === 'email' ? 'email' : field === 'phone' ? 'tel' : 'text'}
              onChange={(e) => set({ [field]: e.target.value })}
              disabled={locked(field)}
              error={!!message(field)}
              helperText={message(field) ?? (locked(field) ? t('super_admin_only') : field === 'phone' ? t('phone_hint') : undefined)}
              slotProps={{ htmlInput: { 'data-testid': `company-field-${field}` } }}
            />
          ))}
          <TextField
            select
            size="small"
            label={t('country')}
            value={country}
            onChange={(e) => {
              const next = e.target.value as (typeof COUNTRIES)[number];
              set({ country: next, timezone: TIMEZONES[next][0]! });
            }}
            error={!!message('country')}
            helperText={message('country')}
          >
            {COUNTRIES.map((c) => (
              <MenuItem key={c} value={c}>
                {t(`country_${c}`)}
              </MenuItem>
            ))}
          </TextField>
          <TextField select size="small" label={t('timezone')} value={v.timezone} onChange={(e) => set({ timezone: e.target.value })} error={!!message('timezone')} helperText={message('timezone')}>
            {timezones.map((tz) => (
              <MenuItem key={tz} value={tz}>
                {tz.replace(/_/g, ' ')}
              </MenuItem>
            ))}
          </TextField>
          <TextField select size="small" label={t('language')} value={v.language} onChange={(e) => set({ language: e.target.value })} error={!!message('language')} helperText={message('language')}>
            {LANGUAGES.map((lng) => (
              <MenuItem key={lng} value={lng}>
                {t(`language_${lng}`)}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            select
            size="small"
            label={t('default_customer_user')}
            value={v.defaultCustomerUser}
            onChange={(e) => set({ defaultCustomerUser: e.target.value })}
            error={!!message('defaultCustomerUser') || users.isError}
            helperText={message('defaultCustomerUser') ?? (users.isError ? t('company_users_load_failed') : t('default_customer_user_hint'))}
            slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true }, htmlInput: { 'data-testid': 'company-field-defaultCustomerUser' } }}
          >
            <MenuItem value="">
              <em>{t('none')}</em>
            </MenuItem>
            {company.defaultCustomerUser && !users.data?.some((u) => u['@id'] === company.defaultCustomerUser) && (
              <MenuItem value={company.defaultCustomerUser}>{defaultUserLabel}</MenuItem>
            )}
            {(users.data ?? []).map((u) => (
              <MenuItem key={u.id} value={u['@id']}>
                {fullName(u) || u.email}
              </MenuItem>
            ))}
          </TextField>
        </Box>
      )}
    </SettingsSection>
  );
}

/** The default customer user's name in view mode (the IRI alone means nothing to a reader). */
function DefaultUserName({ company }: { company: TCompany }) {
  const users = useCompanyUsers(company.id, { enabled: true });
  const u = users.data?.find((x) => x['@id'] === company.defaultCustomerUser);
  if (u) return <>{fullName(u) || u.email}</>;
  return <>{users.isPending ? '…' : company.defaultCustomerUser}</>;
}
