import DashboardCustomizeOutlined from '@mui/icons-material/DashboardCustomizeOutlined';
import { useTranslation } from 'react-i18next';
import { MessagePage } from '../../components/ui/message-page';

export function NoboardPage() {
  const { t } = useTranslation();
  return (
    <MessagePage
      testId="page-noboard"
      icon={<DashboardCustomizeOutlined />}
      title={t('noboard_title')}
      body={t('noboard_description')}
    />
  );
}
