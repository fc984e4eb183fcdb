import ConstructionOutlined from '@mui/icons-material/ConstructionOutlined';
import { useTranslation } from 'react-i18next';
import { MessagePage } from './message-page';

/** Placeholder for screens that are registered but not built yet: deliberately no fake data. */
export function NotAvailablePage({ screen }: { screen?: string }) {
  const { t } = useTranslation();
  return (
    <MessagePage
      testId="page-not-available"
      icon={<ConstructionOutlined />}
      overline={screen}
      title={t('not_available_yet')}
      body={t('not_available_yet_description')}
    />
  );
}
