import { useEffect, useRef, useState } from 'react';
import ArrowUpward from '@mui/icons-material/ArrowUpward';
import BatteryFull from '@mui/icons-material/BatteryFull';
import PhoneIphone from '@mui/icons-material/PhoneIphone';
import SignalCellularAlt from '@mui/icons-material/SignalCellularAlt';
import Wifi from '@mui/icons-material/Wifi';
import Alert from '@mui/material/Alert';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import InputBase from '@mui/material/InputBase';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { formatPhone, initialsOf } from '../../../lib/format';
import { useSendSimulatorReply } from '../api/send-simulator-reply';
import { useSimulatorConversations, type TSimulatedPhone } from '../api/get-simulator-conversations';

const PHONE_WIDTH = 320;
const PHONE_HEIGHT = 600;

function StatusBar() {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const h = window.setInterval(() => setNow(new Date()), 30_000);
    return () => window.clearInterval(h);
  }, []);
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', px: 2.5, pt: 1.25, pb: 0.5, fontSize: 12, fontWeight: 600, color: '#111' }} aria-hidden>
      <Box sx={{ flex: 1 }}>{dayjs(now).format('h:mm')}</Box>
      <SignalCellularAlt sx={{ fontSize: 14 }} />
      <Wifi sx={{ fontSize: 14, ml: 0.5 }} />
      <BatteryFull sx={{ fontSize: 14, ml: 0.5, transform: 'rotate(90deg)' }} />
    </Box>
  );
}

/** One simulated handset: company messages arrive on the left, the customer's own texts go out on the right. */
function SimulatedPhone({ phone }: { phone: TSimulatedPhone }) {
  const { t } = useTranslation();
  const [body, setBody] = useState('');
  const reply = useSendSimulatorReply();
  const screen = useRef<HTMLDivElement | null>(null);
  const id = phone.customerId;
  // A scheduled message has not reached the handset yet.
  const messages = phone.messages.filter((m) => m.status !== 'scheduled' && m.status !== 'blocked');

  const lastId = messages[messages.length - 1]?.id;
  useEffect(() => {
    const el = screen.current;
    if (el) el.scrollTop = el.scrollHeight;
  }, [messages.length, lastId]);

  const send = () => {
    const text = body.trim();
    if (!text || reply.isPending) return;
    reply.mutate({ customerId: id, body: text }, { onSuccess: () => setBody('') });
  };

  const [first = '', ...rest] = (phone.name || '').split(' ');
  return (
    <Box
      data-testid={`simulator-phone-${id}`}
      sx={{
        width: PHONE_WIDTH,
        height: PHONE_HEIGHT,
        flexShrink: 0,
        borderRadius: '44px',
        p: '10px',
        bgcolor: '#1b1b1f',
        boxShadow: (theme) => (theme.palette.mode === 'dark' ? '0 0 0 1px #3a3a40, 0 18px 40px rgba(0,0,0,.6)' : '0 0 0 1px #000, 0 18px 40px rgba(20,30,60,.25)'),
        position: 'relative',
      }}
    >
      <Box sx={{ position: 'absolute', top: 16, left: '50%', transform: 'translateX(-50%)', width: 92, height: 24, borderRadius: 12, bgcolor: '#000', zIndex: 2 }} aria-hidden />
      <Box sx={{ height: '100%', borderRadius: '34px', overflow: 'hidden', bgcolor: '#fff', display: 'flex', flexDirection: 'column', color: '#111' }}>
        <StatusBar />
        <Box sx={{ display: 'flex', flexDirection: 'column', alignItems: 'center', pt: 1.5, pb: 1, borderBottom: '1px solid #e5e5ea', bgcolor: '#f7f7f9' }}>
          <Avatar sx={{ width: 40, height: 40, bgcolor: '#8e8e93', fontSize: 15 }}>{initialsOf(first, rest.join(' ')) || '#'}</Avatar>
          <Typography sx={{ fontSize: 12, mt: 0.5, color: '#111', fontWeight: 600 }} noWrap>
            {t('simulator_company_sender')}
          </Typography>
          <Typography sx={{ fontSize: 11, color: '#6e6e73' }} noWrap>
            {t('simulator_this_phone', { name: phone.name || 'NN', phone: formatPhone(phone.phone) })}
          </Typography>
        </Box>
        <Box ref={screen} sx={{ flex: 1, overflowY: 'auto', px: 1.25, py: 1, display: 'flex', flexDirection: 'column', gap: 0.5, bgcolor: '#fff' }}>
          {messages.length === 0 && (
            <Typography sx={{ fontSize: 12, color: '#8e8e93', textAlign: 'center', mt: 4 }}>{t('simulator_no_messages')}</Typography>
          )}
          {messages.map((m) => {
            // On the handset, the company's outbound messages are the received ones.
            const received = m.direction === 'OUTBOUND';
            return (
              <Box key={m.id} sx={{ display: 'flex', flexDirection: 'column', alignItems: received ? 'flex-start' : 'flex-end' }} data-testid={`simulator-message-${m.id}`}>
                <Box
                  sx={{
                    maxWidth: '78%',
                    px: 1.5,
                    py: 0.75,
                    borderRadius: '18px',
                    borderBottomLeftRadius: received ? '4px' : '18px',
                    borderBottomRightRadius: received ? '18px' : '4px',
                    bgcolor: received ? '#e9e9eb' : '#34c759',
                    color: received ? '#111' : '#fff',
                    fontSize: 14,
                    lineHeight: 1.35,
                    whiteSpace: 'pre-wrap',
                    overflowWrap: 'anywhere',
                  }}
                >
                  {m.content || (m.attachments?.length ? `📎 ${m.attachments.map((a) => a.originalFileName).join(', ')}` : '')}
                </Box>
                <Typography sx={{ fontSize: 10, color: '#8e8e93', mx: 1 }}>{dayjs(m.sentAt ?? m.createdAt).format('MM/DD h:mm A')}</Typography>
              </Box>
            );
          })}
        </Box>
        <Box
          component="form"
          onSubmit={(e) => {
            e.preventDefault();
            send();
          }}
          sx={{ display: 'flex', alignItems: 'center', gap: 0.75, px: 1, py: 1, borderTop: '1px solid #e5e5ea', bgcolor: '#f7f7f9' }}
        >
          <InputBase
            value={body}
            onChange={(e) => setBody(e.target.value)}
            placeholder={t('simulator_text_message')}
            inputProps={{ 'data-testid': `simulator-reply-input-${id}`, 'aria-label': t('simulator_reply_as', { name: phone.name || 'NN' }), maxLength: 1600 }}
            sx={{ flex: 1, px: 1.5, py: 0.25, borderRadius: 5, border: '1px solid #d1d1d6', bgcolor: '#fff', color: '#111', fontSize: 14 }}
          />
          <IconButton
            type="submit"
            size="small"
            disabled={!body.trim() || reply.isPending}
            aria-label={t('send')}
            data-testid={`simulator-reply-send-${id}`}
            sx={{ bgcolor: '#34c759', color: '#fff', '&:hover': { bgcolor: '#2fb350' }, '&.Mui-disabled': { bgcolor: '#c7c7cc', color: '#fff' } }}
          >
            <ArrowUpward fontSize="small" />
          </IconButton>
        </Box>
      </Box>
    </Box>
  );
}

/** /simulator: simulated customer phones for the built-in `simulator` channel. */
export function SimulatorPage() {
  const { t } = useTranslation();
  const phones = useSimulatorConversations();
  return (
    <Box data-testid="simulator-page" sx={{ flex: 1, minHeight: 0, overflowY: 'auto', p: { xs: 2, sm: 3 } }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, mb: 1 }}>
        <PhoneIphone color="primary" />
        <Typography variant="h5" component="h1" sx={{ fontWeight: 700 }}>
          {t('menu_simulator')}
        </Typography>
        <Chip label={t('simulator_badge')} color="warning" size="small" variant="outlined" />
      </Box>
      <Alert severity="info" sx={{ mb: 3, maxWidth: 900 }}>
        {t('simulator_description')}
      </Alert>
      {phones.isPending && (
        <Box sx={{ display: 'flex', gap: 3, flexWrap: 'wrap' }}>
          {[0, 1].map((i) => (
            <Skeleton key={i} variant="rounded" width={PHONE_WIDTH} height={PHONE_HEIGHT} sx={{ borderRadius: '44px' }} />
          ))}
        </Box>
      )}
      {phones.isError && (
        <Alert
          severity="error"
          action={
            <Button color="inherit" size="small" onClick={() => void phones.refetch()}>
              {t('retry')}
            </Button>
          }
        >
          {t('simulator_load_failed')}
        </Alert>
      )}
      {phones.data?.length === 0 && (
        <Typography color="text.secondary" data-testid="simulator-empty">
          {t('simulator_empty')}
        </Typography>
      )}
      {phones.data && phones.data.length > 0 && (
        <Box sx={{ display: 'flex', gap: 4, flexWrap: 'wrap', alignItems: 'flex-start', justifyContent: { xs: 'center', sm: 'flex-start' } }}>
          {phones.data.map((p) => (
            <SimulatedPhone key={p.customerId} phone={p} />
          ))}
        </Box>
      )}
    </Box>
  );
}
