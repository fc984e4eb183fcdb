import Box from '@mui/material/Box';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import { SECRET_MASK, type TCompany, type TCompanyPatch } from '@cd/contracts/company';
import { paymentWebhookUrl } from '@cd/contracts/integrations';
import { isSuperAdmin } from '@cd/contracts/roles';
import { useCurrentUser } from '../../../lib/current-user';
import { toastPersistentError } from '../../../lib/toast';
import { verifyPaymentCredentials } from '../api/verify-payment-credentials';
import { useFieldError } from '../hooks/use-field-error';
import { useSettingsForm, type TFieldErrors } from '../hooks/use-settings-form';
import { validateAutomatedTexts } from '../lib/automated-text-errors';
import { settingsMessageKey } from '../lib/company-choices';
import { validateGroupPatch } from '../lib/group-settings';
import type { TTerminalRow } from '../lib/terminals';
import { SettingsSection } from './settings-section';
import { SettingsValue } from './settings-value';
import { ModifierTextField } from './modifier-text-field';
import { TerminalGrid } from './terminal-grid';
import { WebhookUrl } from './webhook-url';
import { NumericInput } from '../../../components/ui/numeric-input';

const PROVIDERS = ['', 'current', 'next'] as const;
const MODES = ['simple', 'advanced'] as const;
/** Credentials per provider (spec part 2 §3): the next variant signs in with app key + API secret, the current one
 * with API key, PIN, webhook signature and a tokenization source key. */
const CREDENTIALS = {
  next: ['appKey', 'apiSecret'],
  current: ['apiKey', 'pin', 'webhookSignature', 'tokenizationSourceKey'],
} as const;
const SECRETS = new Set<string>(['apiSecret', 'apiKey', 'pin', 'webhookSignature', 'tokenizationSourceKey']);

const toValues = (c: TCompany) => {
  const p = c.payment ?? {};
  return {
    provider: (p.provider ?? '') as string,
    enabled: p.enabled === true,
    mode: p.mode ?? 'simple',
    appKey: p.appKey ?? '',
    apiSecret: p.apiSecret ?? '',
    apiKey: p.apiKey ?? '',
    pin: p.pin ?? '',
    webhookSignature: p.webhookSignature ?? '',
    tokenizationSourceKey: p.tokenizationSourceKey ?? '',
    text: p.text ?? '',
    markAsExpiredAfterDays: p.markAsExpiredAfterDays == null ? '' : String(p.markAsExpiredAfterDays),
    terminals: (p.terminals ?? []).map((x) => ({ serial: x.serial, description: x.description ?? '', assignedTo: x.assignedTo })) as TTerminalRow[],
  };
};
type TPaymentValues = ReturnType<typeof toValues>;

/** The payment merge-patch: provider none is null, emptied texts null, days a number or null. */
function toPatch(changed: Partial<TPaymentValues>): TCompanyPatch {
  const payment: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(changed)) {
    if (key === 'terminals')
      payment.terminals = (value as TTerminalRow[]).map((r) => ({ serial: r.serial.trim(), description: r.description.trim() || null, assignedTo: r.assignedTo }));
    else if (key === 'markAsExpiredAfterDays') payment[key] = value === '' ? null : Number(value);
    else if (typeof value === 'string') payment[key] = value.trim() === '' ? null : value.trim();
    else payment[key] = value;
  }
  return { payment } as TCompanyPatch;
}

function validatePayment(values: TPaymentValues): TFieldErrors {
  const errors = { ...validateGroupPatch({ group: 'payment', patch: toPatch(values) }), ...validateAutomatedTexts({ 'payment.text': values.text }) };
  if (values.markAsExpiredAfterDays !== '' && !/^\d+$/.test(values.markAsExpiredAfterDays)) errors['payment.markAsExpiredAfterDays'] = 'whole_number_required';
  return errors;
}

/** payment: super admins choose the provider, its credentials and the terminals; company admins set the mode, the
 * expiry and the payment text. Next-variant credentials are checked with the provider before they are saved. */
export function PaymentTab({ company }: { company: TCompany }) {
  const { t } = useTranslation();
  const superAdmin = isSuperAdmin(useCurrentUser().roles);
  const form = useSettingsForm({
    company,
    toValues,
    toPatch,
    validate: validatePayment,
    beforeSave: async ({ changed, values }) => {
      if (values.provider !== 'next' || (changed.appKey === undefined && changed.apiSecret === undefined)) return true;
      const answer = await verifyPaymentCredentials({ companyId: company.id, appKey: values.appKey, apiSecret: values.apiSecret });
      if (answer.status_code === 200) return true;
      toastPersistentError(`${t('payment_provider_next')}: ${answer.message} (${answer.status_code})`);
      return false;
    },
  });
  const v = form.values;
  const set = (patch: Partial<TPaymentValues>) => form.setValues({ ...v, ...patch });
  const message = (name: string) => {
    const m = form.errors[`payment.${name}`] ?? form.errors[name];
    return m ? t(settingsMessageKey({ path: name, message: m }), { defaultValue: m }) : undefined;
  };
  const textError = useFieldError(form.errors);
  const lockHint = superAdmin ? undefined : t('super_admin_only');
  const provider = form.editing ? v.provider : (company.payment?.provider ?? '');
  const credentials = provider === 'next' || provider === 'current' ? CREDENTIALS[provider] : [];
  const webhookUrl = provider === 'current' ? paymentWebhookUrl({ origin: window.location.origin, provider, slug: company.slug }) : null;

  const view = (label: string, value: string, testId: string) => <SettingsValue label={label} value={value} testId={`company-payment-view-${testId}`} />;

  return (
    <Box sx={{ maxWidth: 1000 }}>
      <SettingsSection
        title={t('settings_tab_payment')}
        testId="company-payment"
        form={form}
      >
        {!form.editing ? (
          <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, gap: 2 }}>
            {view(t('payment_provider'), t(provider ? `payment_provider_${provider}` : 'none'), 'provider')}
            {provider && view(t('payment_enabled'), v.enabled ? t('on') : t('off'), 'enabled')}
            {view(t('payment_mode'), t(`payment_mode_${v.mode}`), 'mode')}
            {view(t('payment_expire_after_days'), v.markAsExpiredAfterDays || t('payment_never_expires'), 'expiry')}
            {credentials.map((f) => view(t(`payment_${f}`), v[f], f))}
            <Box sx={{ gridColumn: '1 / -1' }}>{view(t('payment_text'), v.text, 'text')}</Box>
          </Box>
        ) : (
          <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, gap: 2, alignItems: 'start' }}>
            <TextField
              select
              size="small"
              label={t('payment_provider')}
              value={v.provider}
              disabled={!superAdmin}
              onChange={(e) => set({ provider: e.target.value, enabled: e.target.value ? v.enabled : false })}
              helperText={message('provider') ?? lockHint}
              error={!!message('provider')}
              slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true }, htmlInput: { 'data-testid': 'company-payment-field-provider' } }}
            >
              {PROVIDERS.map((p) => (
                <MenuItem key={p} value={p}>
                  {t(p ? `payment_provider_${p}` : 'none')}
                </MenuItem>
              ))}
            </TextField>
            <TextField
              select
              size="small"
              label={t('payment_mode')}
              value={v.mode}
              onChange={(e) => set({ mode: e.target.value as TPaymentValues['mode'] })}
              helperText={message('mode') ?? t('payment_mode_hint')}
              error={!!message('mode')}
              slotProps={{ htmlInput: { 'data-testid': 'company-payment-field-mode' } }}
            >
              {MODES.map((m) => (
                <MenuItem key={m} value={m}>
                  {t(`payment_mode_${m}`)}
                </MenuItem>
              ))}
            </TextField>
            {v.provider && (
              <Box sx={{ gridColumn: '1 / -1' }}>
                <FormControlLabel
                  label={t('payment_enabled')}
                  disabled={!superAdmin}
                  control={<Switch checked={v.enabled} onChange={(_e, c) => set({ enabled: c })} slotProps={{ input: { 'data-testid': 'company-payment-field-enabled' } as object }} />}
                />
              </Box>
            )}
            {credentials.map((f) => (
              <TextField
                key={f}
                size="small"
                label={t(`payment_${f}`)}
                value={v[f]}
                disabled={!superAdmin}
                autoComplete="off"
                onChange={(e) => set({ [f]: e.target.value })}
                onFocus={(e) => SECRETS.has(f) && e.target.value.startsWith(SECRET_MASK) && e.target.select()}
                error={!!message(f)}
                helperText={message(f) ?? lockHint ?? (SECRETS.has(f) && v[f].startsWith(SECRET_MASK) ? t('secret_stored_hint') : undefined)}
                slotProps={{ htmlInput: { 'data-testid': `company-payment-field-${f}`, spellCheck: false } }}
              />
            ))}
            <NumericInput
              size="small"
              label={t('payment_expire_after_days')}
              value={v.markAsExpiredAfterDays}
              onChange={(markAsExpiredAfterDays) => set({ markAsExpiredAfterDays })}
              error={!!message('markAsExpiredAfterDays')}
              helperText={message('markAsExpiredAfterDays') ?? t('payment_expire_after_days_hint')}
              testId="company-payment-field-markAsExpiredAfterDays"
            />
            <Box sx={{ gridColumn: '1 / -1' }}>
              <ModifierTextField
                path="payment.text"
                label={t('payment_text')}
                value={v.text}
                onChange={(text) => set({ text })}
                editing
                error={textError('payment.text', v.text)}
                minRows={3}
              />
            </Box>
          </Box>
        )}
        {webhookUrl && <WebhookUrl label={t('payment_webhook_url')} url={webhookUrl} testId="company-payment-webhook-url" />}
        <TerminalGrid
          key={String(form.editing)}
          companyId={company.id}
          rows={form.editing ? v.terminals : toValues(company).terminals}
          editable={form.editing && superAdmin}
          onChange={(terminals) => set({ terminals })}
        />
      </SettingsSection>
    </Box>
  );
}
