import ContentCopyOutlined from '@mui/icons-material/ContentCopyOutlined';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import { useTranslation } from 'react-i18next';
import { toastError, toastSuccess } from '../../../lib/toast';

/** Copies text; end-to-end tests read what was copied from `window.__lastCopiedText` (no clipboard permission there). */
export async function copyText(text: string): Promise<boolean> {
  (window as unknown as { __lastCopiedText?: string }).__lastCopiedText = text;
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    return false;
  }
}

/** A copy action: an icon by default, a labelled button when `label` is given. */
export function CopyButton({ text, label, testId }: { text: string; label?: string; testId: string }) {
  const { t } = useTranslation();
  const copy = () =>
    void copyText(text).then((ok) => {
      if (ok) toastSuccess(t('dev_copied'));
      else toastError(t('dev_copy_failed'));
    });
  if (label)
    return (
      <Button size="small" variant="outlined" startIcon={<ContentCopyOutlined fontSize="small" />} onClick={copy} data-testid={testId}>
        {label}
      </Button>
    );
  return (
    <Tooltip title={t('copy')}>
      <IconButton size="small" aria-label={t('copy')} onClick={copy} data-testid={testId}>
        <ContentCopyOutlined fontSize="small" />
      </IconButton>
    </Tooltip>
  );
}
