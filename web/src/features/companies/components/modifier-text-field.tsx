import { useRef } from 'react';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { isModifierField, modifiersOf } from '@cd/contracts/message-modifiers';
import { insertAtCaret } from '../lib/modifier-insertion';
import { SettingsValue } from './settings-value';

interface TProps {
  /** Property path of the text ("group.key"); it decides which modifier chips show. */
  path: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  editing: boolean;
  /** Translated error; replaces the hint. */
  error?: string;
  hint?: string;
  minRows?: number;
}

/** A message text: in edit mode a multi-line field with its modifiers as chips below (a click inserts the modifier at
 * the caret); required modifiers are highlighted and named in the hint. */
export function ModifierTextField({ path, label, value, onChange, editing, error, hint, minRows = 2 }: TProps) {
  const { t } = useTranslation();
  const inputRef = useRef<HTMLTextAreaElement | null>(null);
  const testId = `text-field-${path}`;
  if (!editing) return <SettingsValue label={label} value={value} testId={testId} />;

  const modifiers = isModifierField(path) ? modifiersOf(path) : null;
  const required = modifiers?.required ?? [];
  const requiredHint = required.length ? t('text_requires_modifiers', { modifiers: required.join(', ') }) : undefined;

  const insert = (token: string) => {
    const input = inputRef.current;
    const next = insertAtCaret({ value, token, start: input?.selectionStart ?? null, end: input?.selectionEnd ?? null });
    onChange(next.value);
    // Put the caret after the token once React has rendered the new value.
    requestAnimationFrame(() => {
      input?.focus();
      input?.setSelectionRange(next.caret, next.caret);
    });
  };

  return (
    <Box>
      <TextField
        fullWidth
        multiline
        minRows={minRows}
        maxRows={10}
        size="small"
        label={label}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        inputRef={inputRef}
        error={!!error}
        helperText={error ?? [requiredHint, hint].filter(Boolean).join(' ')}
        slotProps={{ htmlInput: { 'data-testid': testId, maxLength: 2000 } }}
      />
      {modifiers && (
        <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 0.75, mt: 0.75 }} data-testid={`${testId}-modifiers`}>
          <Typography variant="caption" color="text.secondary" sx={{ mr: 0.25 }}>
            {t('insert_modifier')}
          </Typography>
          {modifiers.all.map((m) => {
            const isRequired = (required as readonly string[]).includes(m);
            return (
              <Tooltip key={m} title={t(`modifier_${m.slice(1, -1)}`)}>
                <Chip
                  size="small"
                  label={m}
                  variant="outlined"
                  color={isRequired ? 'primary' : 'default'}
                  onMouseDown={(e) => e.preventDefault()}
                  onClick={() => insert(m)}
                  sx={{ fontFamily: 'monospace', fontSize: 12 }}
                  data-testid={`modifier-chip-${m.slice(1, -1)}`}
                />
              </Tooltip>
            );
          })}
        </Box>
      )}
    </Box>
  );
}
