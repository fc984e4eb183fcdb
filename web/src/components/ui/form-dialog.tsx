import type { FormEvent, ReactNode, Ref } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import { useTranslation } from 'react-i18next';
import { useIsMobile } from '../../lib/use-is-mobile';

interface TProps {
  open: boolean;
  /** Backdrop, Escape and Cancel; the caller decides whether closing is allowed (not while busy). */
  onClose: () => void;
  onSubmit: (e: FormEvent<HTMLFormElement>) => void;
  formRef?: Ref<HTMLFormElement>;
  title: string;
  /** `${name}-dialog` on the dialog, `${name}-dialog-title` as the title id, `${name}-cancel` on Cancel. */
  name: string;
  submitLabel: string;
  submitTestId: string;
  /** Disables Cancel and the submit button, which shows a spinner. */
  busy: boolean;
  /** Defaults to `busy`. */
  submitDisabled?: boolean;
  contentGap?: number;
  /** Dialog width on larger screens; `sm` unless a form needs more room. */
  maxWidth?: 'sm' | 'md';
  children: ReactNode;
}

/** A form in a dialog (full screen on phones): title, fields, then Cancel and a submit button with a busy state. */
export function FormDialog({ open, onClose, onSubmit, formRef, title, name, submitLabel, submitTestId, busy, submitDisabled = busy, contentGap = 2, maxWidth = 'sm', children }: TProps) {
  const { t } = useTranslation();
  const mobile = useIsMobile();
  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth={maxWidth} fullScreen={mobile} aria-labelledby={`${name}-dialog-title`} data-testid={`${name}-dialog`}>
      <Box component="form" ref={formRef} noValidate onSubmit={onSubmit}>
        <DialogTitle id={`${name}-dialog-title`}>{title}</DialogTitle>
        <DialogContent sx={{ display: 'flex', flexDirection: 'column', gap: contentGap, pt: '4px !important' }}>{children}</DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button type="button" onClick={onClose} disabled={busy} data-testid={`${name}-cancel`}>
            {t('cancel')}
          </Button>
          <Button
            type="submit"
            variant="contained"
            disabled={submitDisabled}
            startIcon={busy ? <CircularProgress size={16} color="inherit" /> : undefined}
            data-testid={submitTestId}
          >
            {submitLabel}
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}
