import { useLayoutEffect, useMemo, useRef, type ReactNode } from 'react';
import InputAdornment from '@mui/material/InputAdornment';
import TextField, { type TextFieldProps } from '@mui/material/TextField';
import { caretAfter, formatNumeric, meaningfulBefore, numericFormat, parseNumericText } from '../../lib/numeric-format';

type TProps = Omit<TextFieldProps, 'value' | 'onChange' | 'type' | 'slotProps' | 'inputProps' | 'InputProps'> & {
  /** The value with "." as decimal separator and no grouping ("1234.5"); "" when empty. */
  value: string;
  onChange: (value: string) => void;
  /** Shown before / after the number, outside the text (a currency, a unit). */
  prefix?: ReactNode;
  suffix?: ReactNode;
  /** Digits after the decimal separator; 0 (default) for whole numbers. */
  decimalScale?: number;
  /** true for ","; a string for another one. Must differ from the decimal separator. */
  thousandSeparator?: string | boolean;
  decimalSeparator?: string;
  allowNegative?: boolean;
  testId?: string;
};

/**
 * The one numeric input of the settings forms (spec part 1 §5): prefix or suffix, decimal scale, thousands
 * separator. Text, not type="number": no spinner and no bounds shown; the form checks the range and says so.
 */
export function NumericInput({ value, onChange, prefix, suffix, decimalScale, thousandSeparator, decimalSeparator, allowNegative, testId, ...rest }: TProps) {
  const format = useMemo(
    () => numericFormat({ decimalScale, thousandSeparator, decimalSeparator, allowNegative }),
    [decimalScale, thousandSeparator, decimalSeparator, allowNegative],
  );
  const input = useRef<HTMLInputElement | null>(null);
  const pendingCaret = useRef<number | null>(null);
  const shown = formatNumeric(value, format);

  // Regrouping moves characters: put the caret back after the same digit the person typed.
  useLayoutEffect(() => {
    const el = input.current;
    if (pendingCaret.current === null || !el || document.activeElement !== el) return;
    const at = caretAfter(shown, pendingCaret.current, format);
    pendingCaret.current = null;
    el.setSelectionRange(at, at);
  });

  const onInput = (e: React.ChangeEvent<HTMLInputElement>) => {
    const typed = e.target.value;
    const parsed = parseNumericText(typed, format);
    const caret = e.target.selectionStart ?? typed.length;
    if (parsed === null) {
      // Refused: the field keeps its value and the caret stays where it was before the keystroke.
      const at = Math.min(shown.length, Math.max(0, caret - (typed.length - shown.length)));
      e.target.value = shown;
      e.target.setSelectionRange(at, at);
      return;
    }
    pendingCaret.current = meaningfulBefore(typed, caret, format);
    onChange(parsed);
  };

  return (
    <TextField
      {...rest}
      type="text"
      value={shown}
      onChange={onInput}
      inputRef={input}
      slotProps={{
        htmlInput: { inputMode: format.decimalScale > 0 ? 'decimal' : 'numeric', autoComplete: 'off', 'data-testid': testId },
        input: {
          startAdornment: prefix === undefined ? undefined : <InputAdornment position="start">{prefix}</InputAdornment>,
          endAdornment: suffix === undefined ? undefined : <InputAdornment position="end">{suffix}</InputAdornment>,
        },
      }}
    />
  );
}
