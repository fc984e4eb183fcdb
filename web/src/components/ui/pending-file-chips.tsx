import Audiotrack from '@mui/icons-material/Audiotrack';
import Description from '@mui/icons-material/DescriptionOutlined';
import Image from '@mui/icons-material/ImageOutlined';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { formatBytes, totalBytes } from '../../lib/attachments';

function fileIcon(type: string) {
  if (type.startsWith('image/')) return <Image />;
  if (type.startsWith('audio/')) return <Audiotrack />;
  return <Description />;
}

interface TProps {
  files: File[];
  /** The files break the total size rule: the total is shown in red. */
  tooBig: boolean;
  onRemove: (index: number) => void;
}

/** Files picked for a message not yet sent, each removable, with their total once there are several. */
export function PendingFileChips({ files, tooBig, onRemove }: TProps) {
  const { t } = useTranslation();
  return (
    <>
      {files.map((f, i) => (
        <Chip
          key={`${f.name}-${f.size}-${f.lastModified}`}
          size="small"
          icon={fileIcon(f.type)}
          label={`${f.name} · ${formatBytes(f.size)}`}
          onDelete={() => onRemove(i)}
          sx={{ maxWidth: 260 }}
        />
      ))}
      {files.length > 1 && (
        <Typography variant="caption" color={tooBig ? 'error' : 'text.secondary'} sx={{ alignSelf: 'center' }}>
          {t('attachments_total', { size: formatBytes(totalBytes(files)) })}
        </Typography>
      )}
    </>
  );
}
