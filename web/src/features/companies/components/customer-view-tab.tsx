import { useState } from 'react';
import QrCode from '@mui/icons-material/QrCode2';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { TCompany } from '@cd/contracts/company';
import type { TGroupField } from '../lib/group-settings';
import { CompanyImagesSection } from './company-images-section';
import { GroupSettingsForm } from './group-settings-form';
import { QrCodeDialog } from './qr-code-dialog';

const GENERAL_FIELDS: readonly TGroupField[] = [
  { name: 'accentColor', label: 'cv_field_accentColor', kind: 'color' },
  { name: 'termsOfService', label: 'cv_field_termsOfService', kind: 'url' },
  { name: 'beforeNameInputText', label: 'cv_field_beforeNameInputText', kind: 'multiline' },
  { name: 'beforePhoneInputText', label: 'cv_field_beforePhoneInputText', kind: 'multiline' },
  { name: 'submitPhoneNumberButtonText', label: 'cv_field_submitPhoneNumberButtonText', kind: 'text' },
  { name: 'afterSubmitText', label: 'cv_field_afterSubmitText', kind: 'multiline' },
];

const SURVEY_FIELDS: readonly TGroupField[] = [
  { name: 'surveyQuestionText', label: 'cv_field_surveyQuestionText', kind: 'multiline', wide: true },
  { name: 'surveyAfterPositiveResponseText', label: 'cv_field_surveyAfterPositiveResponseText', kind: 'multiline', wide: true },
  { name: 'surveyAfterNegativeResponseText', label: 'cv_field_surveyAfterNegativeResponseText', kind: 'multiline', wide: true },
  { name: 'surveySendButtonText', label: 'cv_field_surveySendButtonText', kind: 'text' },
  { name: 'surveyGoogleReviewLink', label: 'cv_field_surveyGoogleReviewLink', kind: 'url' },
  { name: 'surveyYelpReviewLink', label: 'cv_field_surveyYelpReviewLink', kind: 'url' },
  { name: 'surveyFacebookReviewLink', label: 'cv_field_surveyFacebookReviewLink', kind: 'url' },
];

const REAL_ESTATE_FIELDS: readonly TGroupField[] = [
  { name: 'beforePhoneInputText', label: 're_field_beforePhoneInputText', kind: 'multiline' },
  { name: 'submitPhoneNumberButtonText', label: 're_field_submitPhoneNumberButtonText', kind: 'text' },
  { name: 'phoneNumberSubmittedText', label: 're_field_phoneNumberSubmittedText', kind: 'multiline' },
  { name: 'beforeManualPropertyUrl', label: 're_field_beforeManualPropertyUrl', kind: 'multiline' },
  { name: 'afterManualPropertyUrl', label: 're_field_afterManualPropertyUrl', kind: 'multiline' },
];

type TSubTab = 'general' | 'survey' | 'real_estate';

/** customer_view: what customers see on the QR page /c/{slug} and in the survey; Real estate only with that module. */
export function CustomerViewTab({ company }: { company: TCompany }) {
  const { t } = useTranslation();
  const [requested, setTab] = useState<TSubTab>('general');
  const [qrOpen, setQrOpen] = useState(false);
  const tabs: TSubTab[] = company.modules.realEstate ? ['general', 'survey', 'real_estate'] : ['general', 'survey'];
  const tab = tabs.includes(requested) ? requested : 'general';

  return (
    <Box sx={{ maxWidth: 1000 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', flexWrap: 'wrap', gap: 1, mb: 2, borderBottom: 1, borderColor: 'divider' }}>
        <Tabs value={tab} onChange={(_, v: TSubTab) => setTab(v)} aria-label={t('settings_tab_customer_view')} sx={{ flex: 1, minWidth: 0 }}>
          {tabs.map((v) => (
            <Tab key={v} value={v} label={t(`cv_tab_${v}`)} data-testid={`customer-view-tab-${v}`} />
          ))}
        </Tabs>
        <Button variant="outlined" size="small" startIcon={<QrCode />} onClick={() => setQrOpen(true)} sx={{ mb: 0.5 }} data-testid="customer-view-qr">
          {t('qr_code')}
        </Button>
      </Box>

      {tab === 'general' && (
        <>
          <GroupSettingsForm
            key={`general-${company.id}`}
            company={company}
            group="customerView"
            fields={GENERAL_FIELDS}
            title={t('cv_page_texts')}
            testId="customer-view-general"
            intro={<Intro text={t('cv_page_texts_hint', { path: `/c/${company.slug}` })} />}
          />
          <CompanyImagesSection company={company} />
        </>
      )}
      {tab === 'survey' && (
        <GroupSettingsForm
          key={`survey-${company.id}`}
          company={company}
          group="customerView"
          fields={SURVEY_FIELDS}
          title={t('cv_survey_texts')}
          testId="customer-view-survey"
          keepEditingAfterSave
        />
      )}
      {tab === 'real_estate' && (
        <GroupSettingsForm
          key={`real-estate-${company.id}`}
          company={company}
          group="realEstateSettings"
          fields={REAL_ESTATE_FIELDS}
          title={t('cv_real_estate_texts')}
          testId="customer-view-real-estate"
        />
      )}
      <QrCodeDialog open={qrOpen} slug={company.slug} onClose={() => setQrOpen(false)} />
    </Box>
  );
}

function Intro({ text }: { text: string }) {
  return (
    <Typography variant="body2" color="text.secondary" sx={{ mt: -1, mb: 2 }}>
      {text}
    </Typography>
  );
}
