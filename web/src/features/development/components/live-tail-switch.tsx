import FormControlLabel from '@mui/material/FormControlLabel';
import Switch from '@mui/material/Switch';
import { useTranslation } from 'react-i18next';

/** Live tail on/off; not kept in the address (a shared link should not poll for whoever opens it). */
export function LiveTailSwitch({ value, onChange, testId }: { value: boolean; onChange: (v: boolean) => void; testId: string }) {
  const { t } = useTranslation();
  return (
    <FormControlLabel
      control={<Switch checked={value} onChange={(e) => onChange(e.target.checked)} slotProps={{ input: { 'data-testid': testId } as object }} />}
      label={t('dev_live_tail')}
    />
  );
}
