import ForumOutlined from '@mui/icons-material/ForumOutlined';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';

/** Desktop right pane while no customer is selected. */
export function SelectConversationPane() {
  const { t } = useTranslation();
  return (
    <Box
      data-testid="select-conversation"
      sx={{ flex: 1, display: 'flex', flexDirection: 'column', alignItems: 'center', justifyContent: 'center', color: 'text.secondary', p: 4, textAlign: 'center' }}
    >
      <ForumOutlined sx={{ fontSize: 64, opacity: 0.5, mb: 2 }} />
      <Typography variant="h6" color="text.primary">
        {t('select_conversation')}
      </Typography>
      <Typography variant="body2">{t('select_conversation_hint')}</Typography>
    </Box>
  );
}
