import Send from '@mui/icons-material/Send';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import { toastSuccess } from '../../../lib/toast';
import { useSendWhatsAppInvite } from '../api/send-whatsapp-invite';
import { WHATSAPP_WINDOW_CLOSED_MESSAGE } from '../lib/whatsapp-window';

interface TProps {
  customerId: number;
  text: string;
  onTextChange: (text: string) => void;
  /** After a sent invite the composer goes back to the default invite text. */
  onSent: () => void;
}

/** Spec part 1 §8: once the WhatsApp window is closed, the composer offers only the invite template. */
export function ComposerWhatsAppInvite({ customerId, text, onTextChange, onSent }: TProps) {
  const { t } = useTranslation();
  const invite = useSendWhatsAppInvite();

  const sendInvite = () => {
    const content = text.trim();
    if (!content || invite.isPending) return;
    invite.mutate(
      { customerId, content },
      {
        onSuccess: () => {
          toastSuccess(t('whatsapp_invite_sent'));
          onSent();
        },
      },
    );
  };

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1 }}>
      <Alert severity="info" sx={{ py: 0 }} data-testid="composer-whatsapp-window-closed" role="status">
        {t(WHATSAPP_WINDOW_CLOSED_MESSAGE)}
      </Alert>
      <Box sx={{ display: 'flex', gap: 1, alignItems: 'flex-start' }}>
        <TextField
          value={text}
          onChange={(e) => onTextChange(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing) {
              e.preventDefault();
              sendInvite();
            }
          }}
          label={t('whatsapp_invite_text')}
          multiline
          minRows={1}
          maxRows={4}
          fullWidth
          size="small"
          slotProps={{ htmlInput: { 'data-testid': 'composer-whatsapp-invite-input', maxLength: 1024 } }}
        />
        <Button
          variant="contained"
          onClick={sendInvite}
          disabled={!text.trim() || invite.isPending}
          startIcon={invite.isPending ? <CircularProgress size={16} color="inherit" /> : <Send />}
          data-testid="composer-whatsapp-invite"
          sx={{ flexShrink: 0, mt: 0.25 }}
        >
          {t('send_invite')}
        </Button>
      </Box>
    </Box>
  );
}
