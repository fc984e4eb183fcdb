import Button from '@mui/material/Button';
import SearchOff from '@mui/icons-material/SearchOff';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { MessagePage } from '../../components/ui/message-page';

export function NotFoundPage() {
  const { t } = useTranslation();
  return (
    <MessagePage
      testId="page-not-found"
      icon={<SearchOff />}
      title={t('page_not_found')}
      body={t('page_not_found_description')}
      actions={
        <Button component={RouterLink} to="/" variant="contained">
          {t('go_home')}
        </Button>
      }
    />
  );
}
