import { useTranslation } from 'react-i18next';
import { NotAvailablePage } from '../../components/ui/not-available-page';

/** A registered route whose screen is not built yet; titleKey names the screen. */
export function PlaceholderPage({ titleKey }: { titleKey: string }) {
  const { t } = useTranslation();
  return <NotAvailablePage screen={t(titleKey)} />;
}
