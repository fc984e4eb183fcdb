import { useTranslation } from 'react-i18next';
import { CompanyPicker, type TCompanyChoice } from '../../../components/ui/company-picker';

export type { TCompanyChoice };

/** The company whose keywords are shown: the super admin searches companies by name. */
export function KeywordCompanyPicker({ value, onChange }: { value: TCompanyChoice | null; onChange: (c: TCompanyChoice | null) => void }) {
  const { t } = useTranslation();
  return <CompanyPicker value={value} onChange={onChange} label={t('keywords_company')} testId="keywords-company" width={260} />;
}
