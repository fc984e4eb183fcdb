import { useState } from 'react';
import QrCode from '@mui/icons-material/QrCode2';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { ZCustomerViewSchema, ZRealEstateSettingsSchema, type TCompany } from '@cd/contracts/company';
import { CompanyImagesSection } from './company-images-section';
import { GroupTextForm, type TGroupField } from './group-text-form';
import { QrCodeDialog } from './qr-code-dialog';

const GENERAL_FIELDS: readonly TGroupField[] = [
  { name: 'accentColor', kind: 'color' },
  { name: 'termsOfService', kind: 'url' },
  { name: 'beforeNameInputText', kind: 'multiline' },
  { name: 'beforePhoneInputText', kind: 'multiline' },
  { name: 'submitPhoneNumberButtonText' },
  { name: 'afterSubmitText', kind: 'multiline' },
];

const SURVEY_FIELDS: readonly TGroupField[] = [
  { name: 'surveyQuestionText', kind: 'multiline', wide: true },
  { name: 'surveyAfterPositiveResponseText', kind: 'multiline', wide: true },
  { name: 'surveyAfterNegativeResponseText', kind: 'multiline', wide: true },
  { name: 'surveySendButtonText' },
  { name: 'surveyGoogleReviewLink', kind: 'url' },
  { name: 'surveyYelpReviewLink', kind: 'url' },
  { name: 'surveyFacebookReviewLink', kind: 'url' },
];

const REAL_ESTATE_FIELDS: readonly TGroupField[] = [
  { name: 'beforePhoneInputText', kind: 'multiline' },
  { name: 'submitPhoneNumberButtonText' },
  { name: 'phoneNumberSubmittedText', kind: 'multiline' },
  { name: 'beforeManualPropertyUrl', kind: 'multiline' },
  { name: 'afterManualPropertyUrl', kind: 'multiline' },
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
          <GroupTextForm
            key={`general-${company.id}`}
            company={company}
            group="customerView"
            schema={ZCustomerViewSchema}
            fields={GENERAL_FIELDS}
            title={t('cv_page_texts')}
            testId="customer-view-general"
            labelPrefix="cv_field_"
            intro={<Intro text={t('cv_page_texts_hint', { path: `/c/${company.slug}` })} />}
          />
          <CompanyImagesSection company={company} />
        </>
      )}
      {tab === 'survey' && (
        <GroupTextForm
          key={`survey-${company.id}`}
          company={company}
          group="customerView"
          schema={ZCustomerViewSchema}
          fields={SURVEY_FIELDS}
          title={t('cv_survey_texts')}
          testId="customer-view-survey"
          labelPrefix="cv_field_"
          keepEditingAfterSave
        />
      )}
      {tab === 'real_estate' && (
        <GroupTextForm
          key={`real-estate-${company.id}`}
          company={company}
          group="realEstateSettings"
          schema={ZRealEstateSettingsSchema}
          fields={REAL_ESTATE_FIELDS}
          title={t('cv_real_estate_texts')}
          testId="customer-view-real-estate"
          labelPrefix="re_field_"
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
