import MoreVert from '@mui/icons-material/MoreVert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { TListing } from '@cd/contracts/listings';
import { formatCents } from '@cd/contracts/money';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { TableLoadingRows } from '../../../components/ui/table-loading-rows';
import { formatDateTime } from '../../../lib/format';
import type { TListingActionKind } from './listing-action-dialog';
import { ListingStatusChip } from './listing-status-chip';

export type TListingRowAction = TListingActionKind | 'edit';

const ACTIVE_ACTIONS: TListingRowAction[] = ['edit', 'assign_keyword', 'change_agent', 'archive'];
const ACTION_LABEL: Record<TListingRowAction, string> = {
  edit: 'edit',
  assign_keyword: 'listing_assign_keyword',
  change_agent: 'listing_change_agent',
  archive: 'listing_archive',
  unarchive: 'listing_unarchive',
};

/** `$389,000.00` → `$389,000`: whole-dollar prices read better in a table. */
export function formatListingPrice(cents: number | null): string {
  if (cents === null) return '—';
  const text = formatCents(cents);
  return text.endsWith('.00') ? text.slice(0, -3) : text;
}

function RowActions({ listing, archived, onAction }: { listing: TListing; archived: boolean; onAction: (a: TListingRowAction) => void }) {
  const { t } = useTranslation();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  if (archived)
    return (
      <Button size="small" onClick={(e) => (e.stopPropagation(), onAction('unarchive'))} data-testid={`listing-unarchive-${listing.id}`}>
        {t('listing_unarchive')}
      </Button>
    );
  return (
    <>
      <IconButton
        size="small"
        aria-label={t('listing_actions_for', { name: listing.name })}
        aria-haspopup="menu"
        onClick={(e) => (e.stopPropagation(), setAnchor(e.currentTarget))}
        data-testid={`listing-actions-${listing.id}`}
      >
        <MoreVert fontSize="small" />
      </IconButton>
      <Menu anchorEl={anchor} open={Boolean(anchor)} onClose={() => setAnchor(null)} onClick={(e) => e.stopPropagation()}>
        {ACTIVE_ACTIONS.map((a) => (
          <MenuItem
            key={a}
            onClick={() => {
              setAnchor(null);
              onAction(a);
            }}
            data-testid={`listing-action-${a}`}
          >
            {t(ACTION_LABEL[a])}
          </MenuItem>
        ))}
      </Menu>
    </>
  );
}

/** Listings of the filter; a row opens its drawer (click or Enter), the last cell holds its actions. */
export function ListingsTable(props: {
  rows: TListing[];
  loading: boolean;
  archived: boolean;
  onOpen: (l: TListing) => void;
  onAction: (l: TListing, a: TListingRowAction) => void;
}) {
  const { t } = useTranslation();
  return (
    <TableContainer sx={{ overflowX: 'auto' }}>
      <Table size="small" aria-label={t(props.archived ? 'menu_archived_listings' : 'menu_listings')} sx={{ minWidth: 820 }}>
        <TableHead>
          <TableRow>
            <TableCell>{t('listing_field_name')}</TableCell>
            <TableCell>{t('listing_field_keyword')}</TableCell>
            <TableCell>{t('listing_field_location')}</TableCell>
            <TableCell align="right">{t('listing_field_price')}</TableCell>
            <TableCell>{t('listing_field_status')}</TableCell>
            <TableCell>{props.archived ? t('listing_archived_at') : t('listing_field_agent')}</TableCell>
            <TableCell align="right">
              <Box component="span" sx={{ position: 'absolute', width: 1, height: 1, overflow: 'hidden', clip: 'rect(0 0 0 0)' }}>
                {t('actions')}
              </Box>
            </TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {props.loading ? (
            <TableLoadingRows columns={7} testId="listings-loading" />
          ) : (
            props.rows.map((l) => (
              <TableRow
                key={l.id}
                hover
                tabIndex={0}
                sx={{ cursor: 'pointer' }}
                onClick={() => props.onOpen(l)}
                onKeyDown={(e) => {
                  if (e.key === 'Enter' && e.target === e.currentTarget) props.onOpen(l);
                }}
                data-testid={`listing-row-${l.id}`}
              >
                <TableCell sx={{ maxWidth: 280 }}>
                  <Typography variant="body2" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
                    {l.name}
                  </Typography>
                  <Link
                    href={l.url}
                    target="_blank"
                    rel="noopener noreferrer"
                    variant="caption"
                    onClick={(e) => e.stopPropagation()}
                    sx={{ display: 'block', overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}
                  >
                    {l.url}
                  </Link>
                </TableCell>
                <TableCell>
                  {l.keywordName ? (
                    <Chip size="small" label={l.keywordName} sx={{ fontFamily: 'monospace', fontWeight: 700 }} data-testid="listing-keyword" />
                  ) : (
                    '—'
                  )}
                </TableCell>
                <TableCell sx={{ overflowWrap: 'anywhere' }}>{l.location || '—'}</TableCell>
                <TableCell align="right" sx={{ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }}>
                  {formatListingPrice(l.priceCents)}
                  {l.negotiable && (
                    <Typography variant="caption" color="text.secondary" component="div">
                      {t('listing_negotiable')}
                    </Typography>
                  )}
                </TableCell>
                <TableCell>
                  <ListingStatusChip status={l.status} />
                </TableCell>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>{props.archived ? formatDateTime(l.archivedAt) : (l.agentName ?? '—')}</TableCell>
                <TableCell align="right">
                  <RowActions listing={l} archived={props.archived} onAction={(a) => props.onAction(l, a)} />
                </TableCell>
              </TableRow>
            ))
          )}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
