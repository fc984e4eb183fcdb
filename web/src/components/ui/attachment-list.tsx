import { useState } from 'react';
import Description from '@mui/icons-material/DescriptionOutlined';
import Movie from '@mui/icons-material/MovieOutlined';
import OpenInNew from '@mui/icons-material/OpenInNew';
import PictureAsPdf from '@mui/icons-material/PictureAsPdfOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import { useTranslation } from 'react-i18next';
import type { TMediaObject } from '@cd/contracts/message';
import { formatBytes } from '../../lib/attachments';

function fileIcon(mime: string) {
  if (mime === 'application/pdf') return <PictureAsPdf />;
  if (mime.startsWith('video/')) return <Movie />;
  return <Description />;
}

interface TProps {
  attachments: TMediaObject[];
  /** Own / outbound messages line their attachments up on the right. */
  alignEnd: boolean;
  /** Prefix of the test ids, so two lists on one screen (customer thread, internal chat) stay apart. */
  testIdPrefix?: string;
  /** Whether a file chip asks the browser to save the file instead of opening it. */
  download?: boolean;
}

/** Images as thumbnails that open full size; audio as a player; other files as chips with name and size. */
export function AttachmentList({ attachments, alignEnd, testIdPrefix = 'attachment', download = false }: TProps) {
  const { t } = useTranslation();
  const [full, setFull] = useState<TMediaObject | null>(null);
  if (!attachments.length) return null;
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 0.75, alignItems: alignEnd ? 'flex-end' : 'flex-start', mt: 0.5 }}>
      {attachments.map((a) => {
        const mime = a.mimeType || a.originalMimeType || '';
        const name = a.originalFileName || t('attachment');
        if (mime.startsWith('image/'))
          return (
            <Box
              key={a.id}
              component="button"
              type="button"
              onClick={() => setFull(a)}
              aria-label={t('open_image', { name })}
              data-testid={`${testIdPrefix}-image-${a.id}`}
              sx={{ p: 0, border: 0, borderRadius: 2, overflow: 'hidden', cursor: 'zoom-in', bgcolor: 'action.hover', display: 'block', lineHeight: 0 }}
            >
              <Box
                component="img"
                src={a.thumbnail?.thumbnailUrl ?? a.contentUrl}
                alt={name}
                loading="lazy"
                sx={{ height: 160, maxWidth: 240, minWidth: 80, objectFit: 'cover', display: 'block' }}
              />
            </Box>
          );
        if (mime.startsWith('audio/'))
          return <Box key={a.id} component="audio" controls preload="none" src={a.contentUrl} sx={{ maxWidth: 260, height: 40 }} aria-label={name} data-testid={`${testIdPrefix}-audio-${a.id}`} />;
        return (
          <Chip
            key={a.id}
            component="a"
            href={a.contentUrl}
            download={download ? name : undefined}
            target="_blank"
            rel="noopener noreferrer"
            clickable
            icon={fileIcon(mime)}
            label={`${name} · ${formatBytes(a.size)}`}
            variant="outlined"
            data-testid={`${testIdPrefix}-file-${a.id}`}
            sx={{ maxWidth: 280, bgcolor: 'background.paper' }}
          />
        );
      })}
      <Dialog open={!!full} onClose={() => setFull(null)} maxWidth="lg" aria-label={full?.originalFileName ?? t('attachment')}>
        {full && (
          <>
            <DialogContent sx={{ p: 1, display: 'flex', justifyContent: 'center', bgcolor: 'common.black' }}>
              <Box component="img" src={full.contentUrl} alt={full.originalFileName} sx={{ maxWidth: '100%', maxHeight: '80vh', objectFit: 'contain' }} />
            </DialogContent>
            <DialogActions>
              <Button component="a" href={full.contentUrl} target="_blank" rel="noopener noreferrer" startIcon={<OpenInNew />}>
                {t('open_original')}
              </Button>
              <Button onClick={() => setFull(null)} autoFocus>
                {t('close')}
              </Button>
            </DialogActions>
          </>
        )}
      </Dialog>
    </Box>
  );
}
