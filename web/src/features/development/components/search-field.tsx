import SearchOutlined from '@mui/icons-material/SearchOutlined';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import { useEffect, useRef, useState } from 'react';
import { useValueChanged } from '../../../lib/use-value-changed';

const DEBOUNCE_MS = 400;

/** Text search that reaches the address (and the server) once typing pauses; an address change (back) shows through. */
export function SearchField(props: { value: string; onChange: (q: string) => void; label: string; testId: string }) {
  const [text, setText] = useState(props.value);
  const timer = useRef<number | undefined>(undefined);
  if (useValueChanged(props.value) && props.value !== text.trim()) setText(props.value);
  useEffect(() => () => window.clearTimeout(timer.current), []);
  return (
    <TextField
      size="small"
      type="search"
      label={props.label}
      value={text}
      onChange={(e) => {
        const next = e.target.value;
        setText(next);
        window.clearTimeout(timer.current);
        timer.current = window.setTimeout(() => props.onChange(next.slice(0, 200)), DEBOUNCE_MS);
      }}
      sx={{ minWidth: 200, flex: '1 1 200px' }}
      slotProps={{
        htmlInput: { 'data-testid': props.testId, maxLength: 200 },
        input: {
          startAdornment: (
            <InputAdornment position="start">
              <SearchOutlined fontSize="small" />
            </InputAdornment>
          ),
        },
      }}
    />
  );
}
