import { useTranslation } from 'react-i18next';
import { CompanyPicker } from '../../../components/ui/company-picker';
import { useCompanyName } from '../api/get-company-name';

/** The company filter: the super admin searches companies by name; the address holds the id only. */
export function CompanyFilter({ value, onChange, testId }: { value: string | null; onChange: (id: string | null) => void; testId: string }) {
  const { t } = useTranslation();
  const chosenName = useCompanyName(value);
  return (
    <CompanyPicker
      value={value ? { id: Number(value), name: chosenName.data ?? `#${value}` } : null}
      onChange={(c) => onChange(c ? String(c.id) : null)}
      label={t('dev_company')}
      placeholder={t('dev_all_companies')}
      testId={testId}
    />
  );
}
