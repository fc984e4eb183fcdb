import { useCallback, useState } from 'react';
import ContentCopy from '@mui/icons-material/ContentCopyOutlined';
import Download from '@mui/icons-material/DownloadOutlined';
import OpenInNew from '@mui/icons-material/OpenInNew';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import QRCode from 'qrcode';
import { useTranslation } from 'react-i18next';
import { toastError, toastSuccess } from '../../../lib/toast';
import { copyCanvasImage } from '../lib/copy-canvas-image';
import { customerPageUrl, QR_OPTIONS, qrFileName } from '../lib/customer-page-url';

interface TProps {
  open: boolean;
  slug: string;
  onClose: () => void;
}

/** The QR code of the customer page /c/{slug} (spec part 2 §9): download as {slug}.jpg, copy as an image, open the page. */
export function QrCodeDialog({ open, slug, onClose }: TProps) {
  const { t } = useTranslation();
  const url = customerPageUrl({ origin: window.location.origin, slug });
  const [canvas, setCanvas] = useState<HTMLCanvasElement | null>(null);
  const [failed, setFailed] = useState(false);

  // A callback ref: the dialog mounts its content only when opened.
  const drawRef = useCallback(
    (node: HTMLCanvasElement | null) => {
      setCanvas(node);
      if (!node) return;
      QRCode.toCanvas(node, url, { ...QR_OPTIONS, errorCorrectionLevel: 'M' })
        .then(() => {
          node.dataset.drawn = 'true';
          setFailed(false);
        })
        .catch(() => setFailed(true));
    },
    [url],
  );

  const download = () => {
    if (!canvas) return;
    const a = document.createElement('a');
    a.href = canvas.toDataURL('image/jpeg', 0.95);
    a.download = qrFileName(slug);
    a.click();
  };

  const copy = async () => {
    if (!canvas) return;
    const result = await copyCanvasImage(canvas);
    if (result === 'copied') toastSuccess(t('qr_copied'));
    else toastError(t(result === 'unsupported' ? 'qr_clipboard_unsupported' : 'qr_copy_failed'));
  };

  return (
    <Dialog
      open={open}
      onClose={onClose}
      aria-labelledby="qr-code-dialog-title"
      data-testid="qr-code-dialog"
      slotProps={{ paper: { sx: { width: 466, maxWidth: 'calc(100% - 32px)', m: 2 } } }}
    >
      <DialogTitle id="qr-code-dialog-title">{t('qr_code')}</DialogTitle>
      <DialogContent sx={{ display: 'flex', flexDirection: 'column', alignItems: 'center', gap: 2 }}>
        <Typography variant="body2" color="text.secondary" sx={{ alignSelf: 'stretch' }}>
          {t('qr_code_hint')}
        </Typography>
        {/* The code is drawn dark on white in both themes: scanners need the contrast. */}
        <Box sx={{ p: 1, bgcolor: '#fff', borderRadius: 1, border: 1, borderColor: 'divider', lineHeight: 0 }}>
          <canvas ref={drawRef} data-testid="qr-code-canvas" aria-label={t('qr_code_of', { url })} role="img" />
        </Box>
        {failed && <Alert severity="error">{t('qr_draw_failed')}</Alert>}
        <Link href={url} target="_blank" rel="noopener noreferrer" data-testid="qr-code-link" sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5, overflowWrap: 'anywhere' }}>
          {url}
          <OpenInNew fontSize="inherit" />
        </Link>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2, flexWrap: 'wrap', gap: 1 }}>
        <Button startIcon={<Download />} onClick={download} disabled={!canvas || failed} data-testid="qr-code-download">
          {t('download')}
        </Button>
        <Button startIcon={<ContentCopy />} onClick={() => void copy()} disabled={!canvas || failed} data-testid="qr-code-copy">
          {t('qr_copy_image')}
        </Button>
        <Box sx={{ flex: 1 }} />
        <Button variant="contained" onClick={onClose} data-testid="qr-code-close">
          {t('close')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
