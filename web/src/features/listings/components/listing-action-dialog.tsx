import Alert from '@mui/material/Alert';
import Typography from '@mui/material/Typography';
import type { TListing, TListingStatus } from '@cd/contracts/listings';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '../../../components/ui/form-dialog';
import { ApiError } from '../../../lib/api-client';
import { toastSuccess } from '../../../lib/toast';
import { useListingAction, type TListingAction } from '../api/listing-actions';
import { idOfIri } from '../lib/listing-form';
import { AgentPicker } from './agent-picker';
import { KeywordPicker } from './keyword-picker';
import { StatusSelect } from './status-select';

export type TListingActionKind = TListingAction['kind'];

const TITLE: Record<TListingActionKind, string> = {
  assign_keyword: 'listing_assign_keyword',
  change_agent: 'listing_change_agent',
  archive: 'listing_archive',
  unarchive: 'listing_unarchive',
};
const DONE: Record<TListingActionKind, string> = {
  assign_keyword: 'listing_keyword_assigned',
  change_agent: 'listing_agent_changed',
  archive: 'listing_archived',
  unarchive: 'listing_unarchived',
};

/**
 * The four listing actions of spec part 2 §7: a new keyword (AVAILABLE ones only), another agent, archive with the
 * status it ends in (this frees its keyword), unarchive with a keyword and a status. A keyword taken meanwhile (409)
 * is shown on the picker.
 */
export function ListingActionDialog({ kind, listing, onClose }: { kind: TListingActionKind; listing: TListing; onClose: () => void }) {
  const { t } = useTranslation();
  const action = useListingAction();
  const [keywordId, setKeywordId] = useState<number | null>(kind === 'assign_keyword' ? idOfIri(listing.keyword) : null);
  const [agentId, setAgentId] = useState<number | null>(idOfIri(listing.agent));
  // Archiving usually ends a sale: offer "sold" first; unarchiving starts from what it was.
  const [status, setStatus] = useState<TListingStatus>(kind === 'archive' && listing.status !== 'off_market' ? 'sold' : listing.status);
  const [error, setError] = useState<string | null>(null);
  const needsKeyword = kind === 'assign_keyword' || kind === 'unarchive';

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (needsKeyword && keywordId === null) return setError(t('listing_error_keyword'));
    const input: TListingAction =
      kind === 'assign_keyword'
        ? { kind, id: listing.id, keywordId: keywordId! }
        : kind === 'change_agent'
          ? { kind, id: listing.id, agentId }
          : kind === 'archive'
            ? { kind, id: listing.id, newStatus: status }
            : { kind, id: listing.id, keywordId: keywordId!, newStatus: status };
    setError(null);
    action.mutate(input, {
      onSuccess: () => {
        toastSuccess(t(DONE[kind], { name: listing.name }));
        onClose();
      },
      onError: (err) => {
        if (err instanceof ApiError) setError(err.violations[0]?.message ?? err.message);
      },
    });
  };

  const busy = action.isPending;
  return (
    <FormDialog
      open
      onClose={() => !busy && onClose()}
      onSubmit={submit}
      title={t(TITLE[kind])}
      name={`listing-${kind.replace('_', '-')}`}
      submitLabel={t(TITLE[kind])}
      submitTestId="listing-action-submit"
      busy={busy}
    >
      <Typography variant="body2" color="text.secondary">
        {listing.name}
        {listing.keywordName ? ` · ${listing.keywordName}` : ''}
      </Typography>
      {kind === 'archive' && <Alert severity="info">{t('listing_archive_hint', { keyword: listing.keywordName ?? '—' })}</Alert>}
      {needsKeyword && (
        <KeywordPicker
          value={keywordId}
          onChange={(id) => {
            setKeywordId(id);
            setError(null);
          }}
          current={kind === 'assign_keyword' && listing.keywordName ? { id: idOfIri(listing.keyword) ?? 0, name: listing.keywordName } : null}
          error={error ?? undefined}
          disabled={busy}
          required
          autoFocus
        />
      )}
      {kind === 'change_agent' && (
        <AgentPicker value={agentId} onChange={setAgentId} currentLabel={listing.agentName} disabled={busy} error={error ?? undefined} />
      )}
      {(kind === 'archive' || kind === 'unarchive') && (
        <StatusSelect value={status} onChange={setStatus} label={t('listing_new_status')} disabled={busy} testId="listing-new-status" />
      )}
      {error && !needsKeyword && kind !== 'change_agent' && (
        <Alert severity="error" data-testid="listing-action-error">
          {error}
        </Alert>
      )}
    </FormDialog>
  );
}
