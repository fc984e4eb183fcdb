import type { CSSProperties, ReactNode } from 'react';
import AttachFile from '@mui/icons-material/AttachFile';
import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { alpha } from '@mui/material/styles';
import { useTranslation } from 'react-i18next';

interface TProps {
  /** DOM id, referenced by the listbox's aria-activedescendant. */
  optionId: string;
  testId: string;
  style: CSSProperties;
  selected: boolean;
  /** Keyboard-active row (outlined). */
  active: boolean;
  unread: boolean;
  onOpen: () => void;
  avatar: ReactNode;
  title: string;
  titleTestId?: string;
  time: string;
  timeTitle?: string;
  preview: string;
  previewTestId?: string;
  /** Preview is a placeholder ("no messages yet"), shown in italics. */
  previewPlaceholder?: boolean;
  hasAttachment: boolean;
  unreadDotTestId?: string;
  /** Third line under the preview. */
  meta?: ReactNode;
  /** Right of the text (a row action). */
  trailing?: ReactNode;
}

/** A listbox option with avatar, title + time, preview + unread dot: unread rows are bold with a dot. */
export function ListRow(p: TProps) {
  const { t } = useTranslation();
  const { unread, selected, active } = p;
  return (
    <Box
      role="option"
      id={p.optionId}
      aria-selected={selected}
      data-testid={p.testId}
      data-unread={unread ? 'true' : 'false'}
      onClick={p.onOpen}
      style={p.style}
      sx={(theme) => ({
        display: 'flex',
        alignItems: 'center',
        gap: 1.5,
        px: 1.5,
        cursor: 'pointer',
        borderBottom: 1,
        borderColor: 'divider',
        bgcolor: selected ? alpha(theme.palette.primary.main, theme.palette.mode === 'dark' ? 0.2 : 0.1) : 'transparent',
        outline: active ? `2px solid ${theme.palette.primary.main}` : 'none',
        outlineOffset: -2,
        '&:hover': { bgcolor: selected ? undefined : theme.palette.action.hover },
      })}
    >
      {p.avatar}
      <Box sx={{ minWidth: 0, flex: 1 }}>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
          <Typography noWrap sx={{ fontWeight: unread ? 700 : 500, flex: 1, minWidth: 0 }} title={p.title} data-testid={p.titleTestId}>
            {p.title}
          </Typography>
          <Typography
            variant="caption"
            noWrap
            sx={{ flexShrink: 0, color: unread ? 'primary.main' : 'text.secondary', fontWeight: unread ? 600 : 400 }}
            title={p.timeTitle}
          >
            {p.time}
          </Typography>
        </Box>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.5 }}>
          {p.hasAttachment && <AttachFile sx={{ fontSize: 14, color: 'text.secondary' }} aria-label={t('attachment')} />}
          <Typography
            variant="body2"
            noWrap
            sx={{
              flex: 1,
              minWidth: 0,
              color: unread ? 'text.primary' : 'text.secondary',
              fontWeight: unread ? 600 : 400,
              fontStyle: p.previewPlaceholder ? 'italic' : undefined,
            }}
            data-testid={p.previewTestId}
          >
            {p.preview}
          </Typography>
          {unread && (
            <Box
              component="span"
              aria-label={t('unread')}
              data-testid={p.unreadDotTestId}
              sx={{ width: 10, height: 10, borderRadius: '50%', bgcolor: 'primary.main', flexShrink: 0 }}
            />
          )}
        </Box>
        {p.meta}
      </Box>
      {p.trailing}
    </Box>
  );
}

interface TSkeletonProps {
  testId: string;
  count: number;
  rowHeight: number;
  /** One skeleton text line per entry. */
  lines: Array<{ width: string; height?: number }>;
}

/** Placeholder rows shaped like ListRow while the first page loads. */
export function ListRowSkeletons({ testId, count, rowHeight, lines }: TSkeletonProps) {
  return (
    <Box data-testid={testId} aria-busy="true">
      {Array.from({ length: count }, (_, i) => (
        <Box key={i} sx={{ display: 'flex', gap: 1.5, alignItems: 'center', px: 1.5, height: rowHeight, borderBottom: 1, borderColor: 'divider' }}>
          <Skeleton variant="circular" width={40} height={40} />
          <Box sx={{ flex: 1 }}>
            {lines.map((l, j) => (
              <Skeleton key={j} width={l.width} height={l.height} />
            ))}
          </Box>
        </Box>
      ))}
    </Box>
  );
}
