import { useEffect, useMemo, useRef } from 'react';
import History from '@mui/icons-material/History';
import TextSnippet from '@mui/icons-material/TextSnippetOutlined';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { TCustomer } from '@cd/contracts/customer';
import type { TSuggestedReply, TSuggestedReplyKind } from '@cd/contracts/suggested-replies';
import { useSuggestedReplies } from '../api/get-suggested-replies';
import { useRecordSuggestionEvent } from '../api/record-suggestion-event';

/** The suggestion an agent inserted: remembered by the composer so a send with it counts as "taken". */
export interface TUsedSuggestion {
  messageId: number;
  kind: TSuggestedReplyKind;
  sourceId: number;
}

/** Chips shown at most; Alt+1..Alt+MAX inserts one. */
const MAX_CHIPS = 5;
const CHIP_ROW_HEIGHT = 32;

/** Alt+digit (by physical key, so macOS Option+1 works too) → the chip's index, else null. */
export function chipIndexOfKey(e: { altKey: boolean; ctrlKey: boolean; metaKey: boolean; shiftKey: boolean; code: string }): number | null {
  if (!e.altKey || e.ctrlKey || e.metaKey || e.shiftKey) return null;
  const m = /^(?:Digit|Numpad)([1-9])$/.exec(e.code);
  return m ? Number(m[1]) - 1 : null;
}

/**
 * A row of suggestion chips above the composer's input while the latest message is inbound (issue 21): past replies to
 * similar questions and templates. A chip (click, Enter, or Alt+its number) fills the composer; it never sends.
 * Loading shows nothing (the row's height is kept), empty or failed shows nothing (a failure is logged).
 */
export function SuggestedReplies(props: { customer: TCustomer; disabled: boolean; onInsert: (text: string, used: TUsedSuggestion) => void }) {
  const { t } = useTranslation();
  const latest = props.customer.lastMessage;
  const inbound = latest?.direction === 'INBOUND';
  const query = useSuggestedReplies({ customerId: props.customer.id, latestAt: latest?.createdAt ?? '', enabled: inbound });
  const record = useRecordSuggestionEvent();
  const messageId = query.data?.messageId ?? null;
  const member = query.data?.member;
  const chips = useMemo(() => (member ?? []).slice(0, MAX_CHIPS), [member]);
  const shownFor = useRef<number | null>(null);

  useEffect(() => {
    if (query.isError) console.warn('Suggested replies failed to load', query.error);
  }, [query.isError, query.error]);

  const visible = inbound && !props.disabled && messageId !== null && chips.length > 0;
  const { mutate } = record;
  useEffect(() => {
    if (!visible || messageId === null || shownFor.current === messageId) return;
    shownFor.current = messageId;
    mutate({ messageId, action: 'shown' });
  }, [visible, messageId, mutate]);

  const insert = (s: TSuggestedReply) => {
    if (messageId === null) return;
    const used = { messageId, kind: s.kind, sourceId: s.sourceId };
    mutate({ action: 'inserted', ...used });
    props.onInsert(s.text, used);
  };
  const insertRef = useRef(insert);
  useEffect(() => {
    insertRef.current = insert;
  });

  useEffect(() => {
    if (!visible) return;
    const onKey = (e: KeyboardEvent) => {
      const i = chipIndexOfKey(e);
      if (i === null || i >= chips.length) return;
      e.preventDefault();
      insertRef.current(chips[i]!);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [visible, chips]);

  if (inbound && query.isPending && !props.disabled)
    return <Box sx={{ height: CHIP_ROW_HEIGHT, mb: 0.5 }} aria-hidden data-testid="suggested-replies-loading" />;
  if (!visible) return null;

  return (
    <Box
      role="toolbar"
      aria-label={t('suggested_replies')}
      data-testid="suggested-replies"
      sx={{ display: 'flex', alignItems: 'center', gap: 0.75, mb: 0.5, minHeight: CHIP_ROW_HEIGHT, overflowX: 'auto', scrollbarWidth: 'thin' }}
    >
      {chips.map((s, i) => {
        const kind = s.kind === 'template' ? t('suggested_reply_template') : t('suggested_reply_past');
        return (
          <Tooltip key={`${s.kind}-${s.sourceId}`} title={`${kind} · Alt+${i + 1}: ${s.text}`} enterDelay={600}>
            <Chip
              size="small"
              variant="outlined"
              color={s.kind === 'template' ? 'default' : 'primary'}
              icon={s.kind === 'template' ? <TextSnippet /> : <History />}
              label={
                <Box component="span" sx={{ display: 'inline-flex', gap: 0.5, alignItems: 'baseline' }}>
                  <Box component="span" sx={{ fontWeight: 600, opacity: 0.7 }}>
                    {i + 1}
                  </Box>
                  <Box component="span" sx={{ maxWidth: 240, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>
                    {s.text}
                  </Box>
                </Box>
              }
              onClick={() => insert(s)}
              aria-label={t('suggested_reply_insert', { kind, n: i + 1, text: s.text })}
              aria-keyshortcuts={`Alt+${i + 1}`}
              data-testid={`suggested-reply-${i + 1}`}
              data-kind={s.kind}
              sx={{ flexShrink: 0, maxWidth: 300 }}
            />
          </Tooltip>
        );
      })}
      <Typography variant="caption" color="text.secondary" sx={{ flexShrink: 0, whiteSpace: 'nowrap' }} data-testid="suggested-replies-hint">
        {t('suggested_replies_hint', { last: chips.length })}
      </Typography>
    </Box>
  );
}
