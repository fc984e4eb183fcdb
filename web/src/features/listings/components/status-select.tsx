import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { LISTING_STATUSES, type TListingStatus } from '@cd/contracts/listings';
import { useTranslation } from 'react-i18next';

/** One of the five listing statuses (spec part 2 §4). */
export function StatusSelect(props: { value: TListingStatus; onChange: (s: TListingStatus) => void; label?: string; disabled?: boolean; testId: string }) {
  const { t } = useTranslation();
  return (
    <TextField
      select
      label={props.label ?? t('listing_field_status')}
      value={props.value}
      onChange={(e) => props.onChange(e.target.value as TListingStatus)}
      disabled={props.disabled}
      slotProps={{ htmlInput: { 'data-testid': props.testId } }}
    >
      {LISTING_STATUSES.map((s) => (
        <MenuItem key={s} value={s}>
          {t(`listing_status_${s}`)}
        </MenuItem>
      ))}
    </TextField>
  );
}
