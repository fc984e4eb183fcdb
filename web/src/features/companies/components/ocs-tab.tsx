import { useState } from 'react';
import Box from '@mui/material/Box';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { useTranslation } from 'react-i18next';
import type { TCompany } from '@cd/contracts/company';
import { channelWebhookUrl, type TChannelWebhook } from '@cd/contracts/integrations';
import type { TGroupField } from '../lib/group-settings';
import { GroupSettingsForm } from './group-settings-form';
import { WebhookUrl } from './webhook-url';

const SENDING_FIELDS: TGroupField[] = [
  { name: 'safeMode', label: 'ocs_safe_mode', kind: 'switch', hint: 'ocs_safe_mode_hint' },
  { name: 'smsWhitelist', label: 'ocs_sms_whitelist', kind: 'list', hint: 'ocs_sms_whitelist_hint' },
  { name: 'quietHoursStart', label: 'ocs_quiet_hours_start', kind: 'time', hint: 'ocs_quiet_hours_start_hint', emptyLabel: 'ocs_quiet_hours_start_default' },
  { name: 'quietHoursEnd', label: 'ocs_quiet_hours_end', kind: 'time', hint: 'ocs_quiet_hours_end_hint', emptyLabel: 'ocs_quiet_hours_end_default' },
];

/** The four channel sub-tabs (spec part 2 §2): each its own form, so saving one channel never sends another's fields. */
const CHANNELS = {
  sms_provider: [
    { name: 'twilioAccountSID', label: 'ocs_twilio_account_sid', kind: 'text' },
    { name: 'twilioAuthToken', label: 'ocs_twilio_auth_token', kind: 'secret' },
    { name: 'twilioPhoneNumber', label: 'ocs_twilio_phone_number', kind: 'phone', hint: 'phone_hint' },
    { name: 'twilioPhoneNumber2', label: 'ocs_twilio_phone_number_2', kind: 'phone', hint: 'phone_hint' },
  ],
  viber: [
    { name: 'viberToken', label: 'ocs_viber_token', kind: 'secret' },
    { name: 'viberBotSlug', label: 'ocs_viber_bot_slug', kind: 'text' },
    { name: 'viberBotPicture', label: 'ocs_viber_bot_picture', kind: 'url' },
    { name: 'viberOnConversationStartedBackgroundColor', label: 'ocs_viber_button_color', kind: 'text', hint: 'ocs_viber_button_color_hint' },
    { name: 'viberOnConversationStartedButtonText', label: 'ocs_viber_button_text', kind: 'text' },
    { name: 'viberOnConversationStartedMessage', label: 'ocs_viber_welcome', kind: 'multiline', hint: 'ocs_viber_welcome_hint', wide: true },
  ],
  whatsapp: [
    { name: 'whatsAppPhoneNumber', label: 'ocs_whatsapp_phone_number', kind: 'phone', hint: 'phone_hint' },
    { name: 'whatsAppPhoneNumberId', label: 'ocs_whatsapp_phone_number_id', kind: 'text' },
    { name: 'whatsAppAccessToken', label: 'ocs_whatsapp_access_token', kind: 'secret' },
    { name: 'whatsAppVerifyToken', label: 'ocs_whatsapp_verify_token', kind: 'secret' },
    { name: 'whatsAppAppSecret', label: 'ocs_whatsapp_app_secret', kind: 'secret', hint: 'ocs_whatsapp_app_secret_hint' },
    { name: 'whatsAppTemplatesNamespace', label: 'ocs_whatsapp_templates_namespace', kind: 'text' },
    { name: 'whatsAppInviteTemplateName', label: 'ocs_whatsapp_invite_template', kind: 'text', hint: 'ocs_whatsapp_invite_template_hint' },
    { name: 'whatsAppTemplateLanguage', label: 'ocs_whatsapp_template_language', kind: 'text', hint: 'ocs_whatsapp_template_language_hint' },
  ],
  sms_gateway: [
    { name: 'smsNumber', label: 'ocs_sms_number', kind: 'phone', hint: 'phone_hint' },
    { name: 'smsIccid', label: 'ocs_sms_iccid', kind: 'text' },
    { name: 'smsGatewayUrl', label: 'ocs_sms_gateway_url', kind: 'url', hint: 'ocs_sms_gateway_url_hint' },
    { name: 'smsGatewayUsername', label: 'ocs_sms_gateway_username', kind: 'text' },
    { name: 'smsGatewayPassword', label: 'ocs_sms_gateway_password', kind: 'secret' },
    { name: 'smsGatewaySigningKey', label: 'ocs_sms_gateway_signing_key', kind: 'secret' },
  ],
} satisfies Record<string, TGroupField[]>;
type TChannel = keyof typeof CHANNELS;

const LABELS: Record<TChannel, string> = {
  sms_provider: 'ocs_channel_sms_provider',
  viber: 'channel_viber',
  whatsapp: 'channel_whatsapp',
  sms_gateway: 'ocs_channel_sms_gateway',
};

const HOOKS: Record<TChannel, TChannelWebhook[]> = {
  sms_provider: ['sms_provider_inbound', 'sms_provider_status'],
  viber: ['viber'],
  whatsapp: ['whatsapp'],
  sms_gateway: ['sms_gateway'],
};

/** ocs (super admins): safe mode and sending hours, then one sub-tab per channel. Secrets show only their mask. */
export function OcsTab({ company }: { company: TCompany }) {
  const { t } = useTranslation();
  const [channel, setChannel] = useState<TChannel>('sms_provider');
  return (
    <Box sx={{ maxWidth: 1000 }}>
      <GroupSettingsForm
        company={company}
        group="ocs"
        fields={SENDING_FIELDS}
        title={t('ocs_sending')}
        testId="ocs-sending"
        isVisible={(f, v) => f.name !== 'smsWhitelist' || v.safeMode === true}
      />
      <Tabs
        value={channel}
        onChange={(_e, next: TChannel) => setChannel(next)}
        variant="scrollable"
        allowScrollButtonsMobile
        aria-label={t('settings_tab_ocs')}
        sx={{ mb: 2, borderBottom: 1, borderColor: 'divider' }}
      >
        {(Object.keys(CHANNELS) as TChannel[]).map((c) => (
          <Tab key={c} value={c} label={t(LABELS[c])} data-testid={`ocs-subtab-${c}`} />
        ))}
      </Tabs>
      <GroupSettingsForm
        key={channel}
        company={company}
        group="ocs"
        fields={CHANNELS[channel]}
        title={t(LABELS[channel])}
        testId={`ocs-${channel}`}
        footer={HOOKS[channel].map((hook) => (
          <WebhookUrl
            key={hook}
            label={t(`ocs_webhook_${hook}`)}
            url={channelWebhookUrl({ origin: window.location.origin, slug: company.slug, hook })}
            testId={`ocs-webhook-${hook}`}
          />
        ))}
      />
    </Box>
  );
}
