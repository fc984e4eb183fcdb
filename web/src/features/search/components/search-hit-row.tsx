import ChatBubbleOutline from '@mui/icons-material/ChatBubbleOutlineOutlined';
import PersonOutline from '@mui/icons-material/PersonOutlineOutlined';
import StickyNote2Outlined from '@mui/icons-material/StickyNote2Outlined';
import Box from '@mui/material/Box';
import ListItemButton from '@mui/material/ListItemButton';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { TSearchHit } from '@cd/contracts/search';
import { formatDateTime } from '../../../lib/format';
import { HighlightedText } from './highlighted-text';

const ICONS = { message: ChatBubbleOutline, note: StickyNote2Outlined, customer: PersonOutline } as const;

/** One hit: what it is, whose, when, and the snippet with the matched words marked. */
export function SearchHitRow({ hit, onOpen }: { hit: TSearchHit; onOpen: (hit: TSearchHit) => void }) {
  const { t } = useTranslation();
  const Icon = ICONS[hit.kind];
  const meta = [
    t(`search_kind_${hit.kind}`),
    hit.channel ? t(`channel_${hit.channel}`) : null,
    hit.direction ? t(hit.direction === 'INBOUND' ? 'search_inbound' : 'search_outbound') : null,
    hit.user?.name ?? null,
    hit.field === 'email' || hit.field === 'phone' ? t(`search_field_${hit.field}`) : null,
  ].filter(Boolean);
  return (
    <ListItemButton
      onClick={() => onOpen(hit)}
      data-testid={`search-hit-${hit.kind}-${hit.id}`}
      sx={{ alignItems: 'flex-start', gap: 1.5, py: 1, borderBottom: 1, borderColor: 'divider' }}
    >
      <Icon fontSize="small" sx={{ mt: 0.5, color: 'text.secondary' }} aria-hidden />
      <Box sx={{ minWidth: 0, flex: 1 }}>
        <Box sx={{ display: 'flex', gap: 1, alignItems: 'baseline' }}>
          <Typography variant="subtitle2" noWrap sx={{ flex: 1, minWidth: 0 }}>
            {hit.customer.name}
          </Typography>
          <Typography variant="caption" color="text.secondary" sx={{ flexShrink: 0 }}>
            {formatDateTime(hit.createdAt)}
          </Typography>
        </Box>
        <Typography variant="body2" sx={{ wordBreak: 'break-word', whiteSpace: 'pre-line' }} data-testid="search-snippet">
          <HighlightedText snippet={hit.snippet} />
        </Typography>
        <Typography variant="caption" color="text.secondary">
          {meta.join(' · ')}
        </Typography>
      </Box>
    </ListItemButton>
  );
}
