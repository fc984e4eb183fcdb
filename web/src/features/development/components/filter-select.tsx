import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';

const ALL = '';

/** A select of one filter: "all" (no filter) or one of the values, each labelled by the caller. */
export function FilterSelect<T extends string>(props: {
  id: string;
  label: string;
  value: T | null;
  options: readonly T[];
  labelOf: (v: T) => string;
  onChange: (v: T | null) => void;
  allLabel?: string;
  minWidth?: number;
}) {
  const { t } = useTranslation();
  return (
    <TextField
      select
      size="small"
      id={props.id}
      label={props.label}
      value={props.value ?? ALL}
      onChange={(e) => props.onChange(e.target.value === ALL ? null : (e.target.value as T))}
      sx={{ minWidth: props.minWidth ?? 150 }}
      slotProps={{ htmlInput: { 'data-testid': props.id } }}
    >
      <MenuItem value={ALL}>{props.allLabel ?? t('dev_all')}</MenuItem>
      {props.options.map((o) => (
        <MenuItem key={o} value={o}>
          {props.labelOf(o)}
        </MenuItem>
      ))}
    </TextField>
  );
}
