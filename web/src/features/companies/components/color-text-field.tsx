import Box from '@mui/material/Box';
import InputAdornment from '@mui/material/InputAdornment';
import TextField, { type TextFieldProps } from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import { isValidAccentColor, toColorInputValue, withPickedColor } from '../lib/accent-color';

type TProps = Omit<TextFieldProps, 'value' | 'onChange'> & { value: string; onChange: (value: string) => void; testId: string };

/** A colour as text (hex or rgb with alpha 0–1), with a swatch over an invisible native picker; an empty value shows "none" (a slash), not black. */
export function ColorTextField({ value, onChange, testId, ...rest }: TProps) {
  const { t } = useTranslation();
  return (
    <TextField
      {...rest}
      value={value}
      onChange={(e) => onChange(e.target.value)}
      slotProps={{
        htmlInput: { 'data-testid': testId, maxLength: 64, placeholder: '#1a73e8 / rgba(26, 115, 232, 0.8)' },
        input: {
          startAdornment: (
            <InputAdornment position="start">
              <Box
                component="label"
                title={t('accent_color_pick')}
                sx={{
                  position: 'relative',
                  width: 24,
                  height: 24,
                  borderRadius: 0.5,
                  border: 1,
                  borderColor: 'divider',
                  cursor: 'pointer',
                  bgcolor: isValidAccentColor(value) ? value.trim() : 'transparent',
                  backgroundImage: (theme) =>
                    isValidAccentColor(value)
                      ? 'none'
                      : `linear-gradient(135deg, transparent 46%, ${theme.palette.error.main} 46%, ${theme.palette.error.main} 54%, transparent 54%)`,
                }}
              >
                <Box
                  component="input"
                  type="color"
                  aria-label={t('accent_color_pick')}
                  value={toColorInputValue(value)}
                  onChange={(e: React.ChangeEvent<HTMLInputElement>) => onChange(withPickedColor(value, e.target.value))}
                  data-testid={`${testId}-picker`}
                  sx={{ position: 'absolute', inset: 0, width: '100%', height: '100%', p: 0, border: 0, opacity: 0, cursor: 'pointer' }}
                />
              </Box>
            </InputAdornment>
          ),
        },
      }}
    />
  );
}

/** A colour in view mode: its swatch and its code. */
export function ColorSwatchValue({ value }: { value: string }) {
  return (
    <Box component="span" sx={{ display: 'inline-flex', alignItems: 'center', gap: 1 }}>
      <Box component="span" sx={{ width: 18, height: 18, borderRadius: 0.5, border: 1, borderColor: 'divider', bgcolor: isValidAccentColor(value) ? value : 'transparent' }} />
      {value}
    </Box>
  );
}
