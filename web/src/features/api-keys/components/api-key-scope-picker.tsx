import Box from '@mui/material/Box';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { SCOPE_AREAS, type TScopeChoice, type TScopeChoices } from '../lib/scope-choices';

const CHOICES: TScopeChoice[] = ['none', 'read', 'write'];

/** Per area: no access, read or write; each row a keyboard-reachable group of three buttons. */
export function ApiKeyScopePicker(props: { value: TScopeChoices; onChange: (next: TScopeChoices) => void; disabled?: boolean }) {
  const { t } = useTranslation();
  return (
    <Box role="group" aria-label={t('api_keys_scopes')} sx={{ display: 'flex', flexDirection: 'column', gap: 1 }} data-testid="api-key-scopes">
      {SCOPE_AREAS.map((a) => (
        <Box key={a.area} sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 2, flexWrap: 'wrap' }}>
          <Box sx={{ minWidth: 0 }}>
            <Typography variant="body2" sx={{ fontWeight: 600 }} id={`api-key-area-${a.area}`}>
              {a.area}
            </Typography>
            <Typography variant="caption" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
              {a.paths.join(', ')}
            </Typography>
          </Box>
          <ToggleButtonGroup
            size="small"
            exclusive
            value={props.value[a.area] ?? 'none'}
            onChange={(_e, next: TScopeChoice | null) => next && props.onChange({ ...props.value, [a.area]: next })}
            aria-labelledby={`api-key-area-${a.area}`}
            disabled={props.disabled}
          >
            {CHOICES.map((c) => (
              <ToggleButton key={c} value={c} data-testid={`api-key-scope-${a.area}-${c}`}>
                {t(`api_keys_access_${c}`)}
              </ToggleButton>
            ))}
          </ToggleButtonGroup>
        </Box>
      ))}
    </Box>
  );
}
