import Add from '@mui/icons-material/Add';
import Cancel from '@mui/icons-material/Cancel';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { WEBCHAT_LIMITS } from '@cd/contracts/webchat';
import { useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { parseOriginInput } from '../lib/origin-input';

/** The sites allowed to show the widget: exact origins, added one at a time (checked like the server does), removable. */
export function WebchatOriginsField(props: { origins: string[]; onChange: (origins: string[]) => void }) {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);

  const add = () => {
    const parsed = parseOriginInput({ text, current: props.origins });
    if (parsed.error) return setError(t(`webchat_origin_${parsed.error}`, { max: WEBCHAT_LIMITS.allowedOrigins }));
    props.onChange([...props.origins, parsed.origin]);
    setText('');
    setError(null);
  };
  const onKeyDown = (e: KeyboardEvent) => {
    // Enter adds the origin instead of submitting the whole form.
    if (e.key === 'Enter') {
      e.preventDefault();
      add();
    }
  };

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1 }}>
      <Typography variant="subtitle2" component="h3">
        {t('webchat_origins')}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {t('webchat_origins_help')}
      </Typography>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }} data-testid="webchat-origins" aria-live="polite">
        {props.origins.length === 0 ? (
          <Typography variant="body2" color="warning.main" data-testid="webchat-origins-empty">
            {t('webchat_origins_empty')}
          </Typography>
        ) : (
          props.origins.map((o) => (
            <Chip
              key={o}
              label={o}
              onDelete={() => props.onChange(props.origins.filter((x) => x !== o))}
              deleteIcon={<Cancel titleAccess={t('webchat_origin_remove', { origin: o })} />}
              sx={{ fontFamily: 'monospace', maxWidth: '100%' }}
            />
          ))
        )}
      </Box>
      <Box sx={{ display: 'flex', gap: 1, alignItems: 'flex-start', flexWrap: { xs: 'wrap', sm: 'nowrap' } }}>
        <TextField
          size="small"
          fullWidth
          label={t('webchat_origin_new')}
          placeholder="https://www.example.com"
          value={text}
          onChange={(e) => {
            setText(e.target.value);
            setError(null);
          }}
          onKeyDown={onKeyDown}
          error={error !== null}
          helperText={error ?? ' '}
          slotProps={{ htmlInput: { 'data-testid': 'webchat-origin-input', inputMode: 'url', autoCapitalize: 'none', spellCheck: false } }}
        />
        <Button variant="outlined" startIcon={<Add />} onClick={add} disabled={!text.trim()} sx={{ flexShrink: 0, mt: 0.25 }} data-testid="webchat-origin-add">
          {t('webchat_origin_add')}
        </Button>
      </Box>
    </Box>
  );
}
