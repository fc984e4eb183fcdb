import { useTranslation } from 'react-i18next';
import type { TCompany, TCompanyPatch } from '@cd/contracts/company';
import { useCanEditSettings } from '../hooks/use-can-edit-settings';
import { useFieldError } from '../hooks/use-field-error';
import { useSettingsForm } from '../hooks/use-settings-form';
import { ModifierTextField } from './modifier-text-field';
import { SettingsGroup } from './settings-group';
import { SettingsSection } from './settings-section';

const G = 'realEstateSettings';
const PAGE_TEXTS = ['beforePhoneInputText', 'submitPhoneNumberButtonText', 'phoneNumberSubmittedText', 'beforeManualPropertyUrl', 'afterManualPropertyUrl'] as const;
const MESSAGE_TEXTS = ['optInviteMessage', 'invalidPropertyRequestedMessage', 'genericUrlMessage', 'landingPageLeadMessage', 'propertyInterestMessage'] as const;
type TKey = (typeof PAGE_TEXTS)[number] | (typeof MESSAGE_TEXTS)[number];

const toValues = (c: TCompany) =>
  Object.fromEntries([...PAGE_TEXTS, ...MESSAGE_TEXTS].map((k) => [k, c.realEstateSettings[k] ?? ''])) as Record<TKey, string>;

/** Only changed keys go out; a cleared text is removed from the group. */
const toPatch = (changed: Partial<Record<TKey, string>>): TCompanyPatch => ({
  realEstateSettings: Object.fromEntries(Object.entries(changed).map(([k, v]) => [k, v?.trim() === '' ? null : v])),
});

/** automated_messages → real estate: the opt-in page texts and the automated replies about listings. */
export function RealEstateMessagesForm({ company }: { company: TCompany }) {
  const { t } = useTranslation();
  const canEdit = useCanEditSettings();
  const form = useSettingsForm({ company, toValues, toPatch });
  const error = useFieldError(form.errors);
  const v = form.editing ? form.values : toValues(company);
  const field = (key: TKey) => (
    <ModifierTextField
      key={key}
      path={`${G}.${key}`}
      label={t(`real_estate_${key}`)}
      value={v[key]}
      onChange={(value) => form.setValues({ ...v, [key]: value })}
      editing={form.editing}
      error={error(`${G}.${key}`)}
      minRows={key === 'submitPhoneNumberButtonText' ? 1 : 2}
    />
  );
  return (
    <SettingsSection
      title={t('automated_messages_real_estate')}
      testId="real-estate-messages"
      form={form}
      canEdit={canEdit}
      error={form.errors[G] ? error(G) : undefined}
    >
      <SettingsGroup title={t('real_estate_group_messages')}>{MESSAGE_TEXTS.map(field)}</SettingsGroup>
      <SettingsGroup title={t('real_estate_group_page')}>{PAGE_TEXTS.map(field)}</SettingsGroup>
    </SettingsSection>
  );
}
