import { useState, type ReactNode } from 'react';
import ArchiveOutlined from '@mui/icons-material/ArchiveOutlined';
import ArrowBack from '@mui/icons-material/ArrowBack';
import InfoOutlined from '@mui/icons-material/InfoOutlined';
import MarkChatUnreadOutlined from '@mui/icons-material/MarkChatUnreadOutlined';
import MergeType from '@mui/icons-material/MergeType';
import MoreVert from '@mui/icons-material/MoreVert';
import UnarchiveOutlined from '@mui/icons-material/UnarchiveOutlined';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Skeleton from '@mui/material/Skeleton';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate } from 'react-router';
import { customerDisplayName, type TCustomer } from '@cd/contracts/customer';
import { formatPhone } from '../../../lib/format';
import { toastSuccess } from '../../../lib/toast';
import { useIsMobile } from '../../../lib/use-is-mobile';
import { useSetCustomerArchived } from '../api/archive-customer';
import { CustomerAvatar } from './customer-avatar';
import { CustomerSurveyStrip } from './customer-survey-strip';
import { MergeCustomerDialog } from './merge-customer-dialog';
import { TakeConversationButton } from './routing-panel';

interface TProps {
  customer: TCustomer | undefined;
  view: 'messenger' | 'details';
  onMarkUnread?: () => void;
  extra?: ReactNode;
}

/** Top of the messenger and details panes: back (mobile), avatar, NN-rule name, phone, actions. */
export function CustomerHeader({ customer, view, onMarkUnread, extra }: TProps) {
  const { t } = useTranslation();
  const mobile = useIsMobile();
  const navigate = useNavigate();
  const archive = useSetCustomerArchived();
  const [menuAnchor, setMenuAnchor] = useState<HTMLElement | null>(null);
  const [merging, setMerging] = useState(false);
  const backTo = view === 'messenger' || !customer ? '/communication/inbox' : `/communication/${customer.id}/messenger`;

  const toggleArchive = () => {
    if (!customer) return;
    const archived = !customer.archived;
    archive.mutate(
      { id: customer.id, archived },
      {
        onSuccess: () => {
          toastSuccess(t(archived ? 'customer_archived' : 'customer_unarchived'));
          if (archived) void navigate('/communication/inbox');
        },
      },
    );
  };

  return (
    <>
      <Box
        component="header"
        data-testid="customer-header"
        sx={{ display: 'flex', alignItems: 'center', gap: 1.5, px: { xs: 1, sm: 2 }, py: 1, borderBottom: 1, borderColor: 'divider', bgcolor: 'background.paper', minHeight: 64 }}
      >
        {(mobile || view === 'details') && (
          <Tooltip title={view === 'messenger' ? t('back_to_inbox') : t('back_to_conversation')}>
            <IconButton component={RouterLink} to={backTo} aria-label={view === 'messenger' ? t('back_to_inbox') : t('back_to_conversation')} data-testid="customer-back">
              <ArrowBack />
            </IconButton>
          </Tooltip>
        )}
        {customer ? <CustomerAvatar customer={customer} size={40} /> : <Skeleton variant="circular" width={40} height={40} />}
        <Box sx={{ minWidth: 0, flex: 1 }}>
          {customer ? (
            <>
              <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
                <Typography variant="subtitle1" component="h1" noWrap sx={{ fontWeight: 700 }} data-testid="customer-name">
                  {customerDisplayName(customer)}
                </Typography>
                {customer.optOut && <Chip size="small" color="warning" label={t('opted_out')} data-testid="customer-opt-out-badge" />}
                {customer.archived && <Chip size="small" variant="outlined" label={t('archived')} />}
              </Box>
              <Typography variant="body2" color="text.secondary" noWrap data-testid="customer-phone">
                {formatPhone(customer.phone)}
              </Typography>
            </>
          ) : (
            <>
              <Skeleton width={160} />
              <Skeleton width={110} />
            </>
          )}
        </Box>
        {customer && <TakeConversationButton customer={customer} />}
        {extra}
        {customer && view === 'messenger' && onMarkUnread && (
          <Tooltip title={t('mark_unread')}>
            <IconButton onClick={onMarkUnread} aria-label={t('mark_unread')} data-testid="messenger-mark-unread">
              <MarkChatUnreadOutlined />
            </IconButton>
          </Tooltip>
        )}
        {customer && (
          <Tooltip title={customer.archived ? t('unarchive') : t('archive')}>
            <span>
              <IconButton onClick={toggleArchive} disabled={archive.isPending} aria-label={customer.archived ? t('unarchive') : t('archive')} data-testid="customer-archive">
                {customer.archived ? <UnarchiveOutlined /> : <ArchiveOutlined />}
              </IconButton>
            </span>
          </Tooltip>
        )}
        {customer && view === 'messenger' && (
          <Tooltip title={t('screen_customer_details')}>
            <IconButton component={RouterLink} to={`/communication/${customer.id}/details`} aria-label={t('screen_customer_details')} data-testid="messenger-details-link">
              <InfoOutlined />
            </IconButton>
          </Tooltip>
        )}
        {customer && (
          <>
            <Tooltip title={t('more_actions')}>
              <IconButton
                onClick={(e) => setMenuAnchor(e.currentTarget)}
                aria-label={t('more_actions')}
                aria-haspopup="menu"
                aria-expanded={menuAnchor ? 'true' : undefined}
                aria-controls={menuAnchor ? 'customer-actions-menu' : undefined}
                data-testid="customer-more"
              >
                <MoreVert />
              </IconButton>
            </Tooltip>
            <Menu id="customer-actions-menu" anchorEl={menuAnchor} open={!!menuAnchor} onClose={() => setMenuAnchor(null)}>
              <MenuItem
                onClick={() => {
                  setMenuAnchor(null);
                  setMerging(true);
                }}
                data-testid="customer-merge"
              >
                <ListItemIcon>
                  <MergeType fontSize="small" />
                </ListItemIcon>
                <ListItemText>{t('merge_with')}</ListItemText>
              </MenuItem>
            </Menu>
            {merging && <MergeCustomerDialog open customer={customer} onClose={() => setMerging(false)} />}
          </>
        )}
      </Box>
      {/* The latest survey result, on its own line: the header row has no room for it on a phone or in the messenger column. */}
      {customer && <CustomerSurveyStrip survey={customer.lastSurvey} />}
    </>
  );
}
