import { lazy, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import ArchiveOutlined from '@mui/icons-material/ArchiveOutlined';
import ChatBubbleOutline from '@mui/icons-material/ChatBubbleOutlineOutlined';
import DoneAll from '@mui/icons-material/DoneAll';
import FilterList from '@mui/icons-material/FilterList';
import InboxOutlined from '@mui/icons-material/InboxOutlined';
import MarkChatUnreadOutlined from '@mui/icons-material/MarkChatUnreadOutlined';
import PersonAddAlt from '@mui/icons-material/PersonAddAlt';
import UploadFileOutlined from '@mui/icons-material/UploadFileOutlined';
import Alert from '@mui/material/Alert';
import Badge from '@mui/material/Badge';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import IconButton from '@mui/material/IconButton';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { TCustomer } from '@cd/contracts/customer';
import { useColleagues } from '../../../api/get-colleagues';
import { ListPanelHeader } from '../../../components/ui/list-panel-header';
import { ListRowSkeletons } from '../../../components/ui/list-row';
import { MountWhenOpened } from '../../../components/ui/mount-when-opened';
import { VirtualList, type TVirtualListHandle } from '../../../components/ui/virtual-list';
import { isCompanyAdmin, useCurrentUser, userIri } from '../../../lib/current-user';
import { fullName } from '../../../lib/format';
import { toastSuccess } from '../../../lib/toast';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { useListboxKeys } from '../../../lib/use-listbox-keys';
import { useNow } from '../../../lib/use-now';
import { useSetCustomerArchived } from '../api/archive-customer';
import { useCustomers } from '../api/get-customers';
import { useMarkAllRead } from '../api/mark-all-read';
import { activeFilterCount, EMPTY_INBOX_FILTERS, type TInboxFilters } from '../lib/inbox-query';
import { INBOX_ROW_HEIGHT, InboxRow } from './inbox-row';
import { preloadMenu, preloadPopover } from '../../../components/ui/lazy-overlay';
import { LazyTooltip, preloadTooltip } from '../../../components/ui/lazy-tooltip';
import { loadScreenDependencies, runWhenIdle } from '../../../lib/screen-dependencies';

// The dialogs' forms (react-hook-form, zod schemas, the spreadsheet mapping) load when first opened.
const ImportCustomersDialog = lazy(() => import('./import-customers-dialog').then((m) => ({ default: m.ImportCustomersDialog })));
// The filter popover (owner and tag pickers) loads when first opened.
const InboxFilters = lazy(() => import('./inbox-filters').then((m) => ({ default: m.InboxFilters })));
const NewCustomerDialog = lazy(() => import('./new-customer-dialog').then((m) => ({ default: m.NewCustomerDialog })));

/** What the first screen left out: the rest of the catalogue, the phone metadata, MUI's Tooltip, Menu and Popover. */
function preloadAfterFirstScreen() {
  void loadScreenDependencies();
  preloadTooltip();
  preloadMenu();
  preloadPopover();
}

/** Filters survive leaving the inbox (mobile: inbox → messenger → back) for the session of the tab. */
let rememberedFilters: TInboxFilters = EMPTY_INBOX_FILTERS;

export function InboxPanel({ selectedId }: { selectedId: number | null }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const me = useCurrentUser();
  const isAdmin = isCompanyAdmin(me);
  const [pickedFilters, setFilters] = useState<TInboxFilters>(rememberedFilters);
  const [searchInput, setSearchInput] = useState(pickedFilters.search);
  const search = useDebouncedValue(searchInput, 300);
  // The search term comes from the (debounced) search box, not from the picked filters: derived, not synced by an effect.
  const filters = useMemo(() => ({ ...pickedFilters, search }), [pickedFilters, search]);
  const [filterAnchor, setFilterAnchor] = useState<HTMLElement | null>(null);
  const [creating, setCreating] = useState(false);
  const [importing, setImporting] = useState(false);
  const canImport = isAdmin || me.roles.includes('ROLE_COMMUNICATION');
  // The unassigned queue is for the same people: admins and communication agents (issue 21).
  const canTake = canImport;
  const listRef = useRef<TVirtualListHandle>(null);
  const now = useNow();

  const update = useCallback((patch: Partial<TInboxFilters>) => setFilters((f) => ({ ...f, ...patch })), []);
  useEffect(() => {
    rememberedFilters = filters;
  }, [filters]);

  const customers = useCustomers(filters);
  const colleagues = useColleagues();
  const markAllRead = useMarkAllRead();
  const archive = useSetCustomerArchived();
  const queryClient = useQueryClient();
  const [takingId, setTakingId] = useState<number | null>(null);

  const rows = useMemo(() => {
    const seen = new Set<number>();
    const out: TCustomer[] = [];
    for (const p of customers.data?.pages ?? []) for (const c of p.member) {
      if (seen.has(c.id)) continue;
      seen.add(c.id);
      out.push(c);
    }
    return out;
  }, [customers.data]);

  const ownerNames = useMemo(() => {
    const m = new Map<string, string>();
    m.set(userIri(me.id), t('me'));
    for (const c of colleagues.data ?? []) m.set(c['@id'] ?? userIri(c.id), fullName(c) || c.email);
    return m;
  }, [colleagues.data, me.id, t]);

  // The queue's Take loads on first use (the inbox has a hard bundle ceiling).
  const takeAndOpen = useCallback(
    (c: TCustomer) => {
      setTakingId(c.id);
      void import('./take-from-queue')
        .then((m) => m.takeFromQueue({ customerId: c.id, queryClient, t, onTaken: () => void navigate(`/communication/${c.id}/messenger`) }))
        .finally(() => setTakingId(null));
    },
    [queryClient, navigate, t],
  );
  // An agent may read a queued conversation only once it is theirs: opening it takes it.
  const open = useCallback(
    (c: TCustomer) => (filters.unassigned && !isAdmin ? takeAndOpen(c) : void navigate(`/communication/${c.id}/messenger`)),
    [navigate, filters.unassigned, isAdmin, takeAndOpen],
  );
  const unarchive = useCallback(
    (c: TCustomer) => archive.mutate({ id: c.id, archived: false }, { onSuccess: () => toastSuccess(t('customer_unarchived')) }),
    [archive, t],
  );

  const { hasNextPage, isFetchingNextPage, fetchNextPage } = customers;
  const loadMore = useCallback(() => {
    if (hasNextPage && !isFetchingNextPage) void fetchNextPage();
  }, [hasNextPage, isFetchingNextPage, fetchNextPage]);

  const { activeIndex, setActiveIndex, onKeyDown } = useListboxKeys({ rows, selectedId, onOpen: open, listRef, pageStep: 8 });
  // The first page has arrived: only now, when idle, fetch what the other screens need and the code of the shell's
  // tooltips, menus and popover, so none of it shares the network with the inbox's own chunks and requests.
  const firstPageSettled = !customers.isPending;
  useEffect(() => (firstPageSettled ? runWhenIdle(preloadAfterFirstScreen) : undefined), [firstPageSettled]);

  const filterCount = activeFilterCount(filters);
  const searching = filters.search.trim() !== '';
  const activeRow = activeIndex >= 0 ? rows[activeIndex] : undefined;

  let body: React.ReactNode;
  if (customers.isPending)
    body = (
      <ListRowSkeletons
        testId="inbox-loading"
        count={8}
        rowHeight={INBOX_ROW_HEIGHT}
        lines={[{ width: '55%' }, { width: '85%' }, { width: '35%', height: 14 }]}
      />
    );
  else if (customers.isError)
    body = (
      <Box sx={{ p: 2 }} data-testid="inbox-error">
        <Alert
          severity="error"
          action={
            <Button color="inherit" size="small" onClick={() => void customers.refetch()} data-testid="inbox-retry">
              {t('retry')}
            </Button>
          }
        >
          {t('inbox_load_failed')}
        </Alert>
      </Box>
    );
  else if (rows.length === 0)
    body = (
      <Box data-testid="inbox-empty" sx={{ p: 4, textAlign: 'center', color: 'text.secondary' }}>
        <ChatBubbleOutline sx={{ fontSize: 44, mb: 1, opacity: 0.6 }} />
        <Typography>
          {filters.archived
            ? t('no_archived_customers')
            : searching || filterCount > 0 ? t('no_customers_match') : t('no_conversations')}
        </Typography>
        {!filters.archived && !filters.unassigned && !searching && filterCount === 0 && (
          <Button sx={{ mt: 2 }} startIcon={<PersonAddAlt />} onClick={() => setCreating(true)}>
            {t('new_customer')}
          </Button>
        )}
      </Box>
    );
  else
    body = (
      <VirtualList
        ref={listRef}
        data-testid="inbox-list"
        role="listbox"
        tabIndex={0}
        aria-label={filters.archived ? t('archived_customers') : t('menu_inbox')}
        aria-activedescendant={activeRow ? `inbox-option-${activeRow.id}` : undefined}
        onKeyDown={onKeyDown}
        onBlur={() => setActiveIndex(-1)}
        style={{ flex: 1, minHeight: 0, outline: 'none' }}
        itemCount={rows.length}
        itemHeight={INBOX_ROW_HEIGHT}
        onEndReached={loadMore}
        renderItem={(i, style) => {
          const c = rows[i]!;
          return (
            <InboxRow
              key={c.id}
              customer={c}
              style={style}
              selected={c.id === selectedId}
              active={i === activeIndex}
              ownerName={c.user ? (ownerNames.get(c.user) ?? null) : null}
              archived={filters.archived}
              onOpen={open}
              onUnarchive={unarchive}
              unarchiving={archive.isPending && archive.variables?.id === c.id}
              now={now}
              onTake={filters.unassigned ? takeAndOpen : undefined}
              taking={takingId === c.id}
            />
          );
        }}
        footer={
          isFetchingNextPage ? (
            <Box sx={{ display: 'flex', justifyContent: 'center', py: 1.5 }} data-testid="inbox-loading-more">
              <CircularProgress size={20} aria-label={t('loading')} />
            </Box>
          ) : null
        }
      />
    );

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', height: '100%', minHeight: 0, bgcolor: 'background.paper' }} data-testid="inbox-panel">
      <ListPanelHeader
        title={filters.unassigned ? t('routing_unassigned') : filters.archived ? t('archived_customers') : t('menu_inbox')}
        actions={
          <>
            {canImport && (
              <LazyTooltip title={t('import_customers')}>
                <IconButton onClick={() => setImporting(true)} aria-label={t('import_customers')} data-testid="import-open">
                  <UploadFileOutlined />
                </IconButton>
              </LazyTooltip>
            )}
            <LazyTooltip title={t('new_customer')}>
              <IconButton onClick={() => setCreating(true)} aria-label={t('new_customer')} data-testid="inbox-new-customer">
                <PersonAddAlt />
              </IconButton>
            </LazyTooltip>
            {!filters.archived && (
              <LazyTooltip title={t('mark_all_read')}>
                <span>
                  <IconButton
                    onClick={() => markAllRead.mutate(undefined, { onSuccess: () => toastSuccess(t('all_marked_read')) })}
                    aria-label={t('mark_all_read')}
                    disabled={markAllRead.isPending}
                    data-testid="inbox-mark-all-read"
                  >
                    <DoneAll />
                  </IconButton>
                </span>
              </LazyTooltip>
            )}
            <LazyTooltip title={filters.archived ? t('show_inbox') : t('show_archived')}>
              <IconButton
                onClick={() => {
                  update({ archived: !filters.archived, unassigned: false });
                  setActiveIndex(-1);
                }}
                aria-label={filters.archived ? t('show_inbox') : t('show_archived')}
                aria-pressed={filters.archived}
                color={filters.archived ? 'primary' : 'default'}
                data-testid="inbox-archived-toggle"
              >
                {filters.archived ? <InboxOutlined /> : <ArchiveOutlined />}
              </IconButton>
            </LazyTooltip>
          </>
        }
        search={searchInput}
        onSearchChange={setSearchInput}
        searchLabel={t('search_customers')}
        searchTestId="inbox-search"
      >
        <Box sx={{ display: 'flex', gap: 0.75, flexWrap: 'wrap', alignItems: 'center' }}>
          {canTake && (
            <Chip
              label={t('routing_unassigned')}
              size="small"
              color={filters.unassigned ? 'primary' : 'default'}
              variant={filters.unassigned ? 'filled' : 'outlined'}
              onClick={() => {
                update({ unassigned: !filters.unassigned, archived: false });
                setActiveIndex(-1);
              }}
              aria-pressed={filters.unassigned}
              data-testid="inbox-filter-unassigned"
            />
          )}
          <Chip
            icon={<MarkChatUnreadOutlined />}
            label={t('unread_only')}
            size="small"
            color={filters.unread ? 'primary' : 'default'}
            variant={filters.unread ? 'filled' : 'outlined'}
            onClick={() => update({ unread: !filters.unread })}
            aria-pressed={filters.unread}
            data-testid="inbox-filter-unread"
          />
          <Badge badgeContent={filterCount} color="primary" invisible={filterCount === 0}>
            <Chip
              icon={<FilterList />}
              label={t('filters')}
              size="small"
              variant="outlined"
              onClick={(e) => setFilterAnchor(e.currentTarget)}
              data-testid="inbox-filters-button"
            />
          </Badge>
          {!searching && filters.span && (
            <Chip size="small" label={t(`span_${filters.span}`)} onDelete={() => update({ span: null })} />
          )}
          {!searching && filters.user !== null && (
            <Chip size="small" label={ownerNames.get(userIri(filters.user)) ?? t('owner')} onDelete={() => update({ user: null })} />
          )}
          {filters.tags.map((tag) => (
            <Chip key={tag} size="small" label={`#${tag}`} onDelete={() => update({ tags: filters.tags.filter((x) => x !== tag) })} />
          ))}
        </Box>
      </ListPanelHeader>
      <Box sx={{ flex: 1, minHeight: 0, display: 'flex', flexDirection: 'column', overflow: 'hidden' }}>{body}</Box>
      <MountWhenOpened open={!!filterAnchor}>
        <InboxFilters
          anchorEl={filterAnchor}
          onClose={() => setFilterAnchor(null)}
          filters={filters}
          onChange={update}
          isAdmin={isAdmin}
          me={me}
          colleagues={colleagues.data ?? []}
        />
      </MountWhenOpened>
      {canImport && (
        <MountWhenOpened open={importing}>
          <ImportCustomersDialog open={importing} onClose={() => setImporting(false)} />
        </MountWhenOpened>
      )}
      <MountWhenOpened open={creating}>
        <NewCustomerDialog open={creating} onClose={() => setCreating(false)} onCreated={open} />
      </MountWhenOpened>
    </Box>
  );
}
