import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import type { TCustomer } from '@cd/contracts/customer';
import '../../../lib/i18n';
import { cleanupScreen, jsonResponse as json, renderScreen, stubFetch } from '../../../lib/screen-test-harness';
import { chipIndexOfKey, SuggestedReplies } from './suggested-replies';

const customer = (direction: 'INBOUND' | 'OUTBOUND', id = 7) =>
  ({
    id,
    lastMessage: { content: 'When do you open?', direction, status: 'RECEIVED', createdAt: '2026-11-28T10:00:00Z', hasAttachments: false },
  }) as unknown as TCustomer;

const suggestions = {
  messageId: 41,
  member: [
    { kind: 'past_reply', text: 'We open at 8.', sourceId: 90, score: 0.8 },
    { kind: 'template', text: 'Thanks for your message!', sourceId: 3, score: 0.2 },
  ],
};

function serve(answer: () => Response = () => json(200, suggestions)) {
  return stubFetch(
    (u) => {
      if (u.pathname === '/api/customers/7/suggested_replies') return answer();
      if (u.pathname === '/api/suggested_replies/events') return json(200, { recorded: true });
      return undefined;
    },
    { withMethod: true },
  );
}

afterEach(cleanupScreen);

describe('SuggestedReplies', { timeout: 30_000 }, () => {
  it('shows chips with their kind, records "shown", and Alt+2 or a click inserts without sending', async () => {
    const calls = serve();
    const onInsert = vi.fn();
    renderScreen(<SuggestedReplies customer={customer('INBOUND')} disabled={false} onInsert={onInsert} />, '/');
    const first = await screen.findByTestId('suggested-reply-1', {}, { timeout: 10_000 });
    expect(first.getAttribute('data-kind')).toBe('past_reply');
    expect(screen.getByTestId('suggested-reply-2').getAttribute('data-kind')).toBe('template');
    expect(screen.getByTestId('suggested-replies-hint').textContent).toBe('Alt+1…2 inserts');
    fireEvent.keyDown(window, { key: '™', code: 'Digit2', altKey: true });
    expect(onInsert).toHaveBeenCalledWith('Thanks for your message!', { messageId: 41, kind: 'template', sourceId: 3 });
    fireEvent.click(first);
    expect(onInsert).toHaveBeenLastCalledWith('We open at 8.', { messageId: 41, kind: 'past_reply', sourceId: 90 });
    await waitFor(() => expect(calls.filter((c) => c.startsWith('POST /api/suggested_replies/events'))).toHaveLength(3));
    // Alt+3 names no chip: nothing happens.
    fireEvent.keyDown(window, { code: 'Digit3', altKey: true });
    expect(onInsert).toHaveBeenCalledTimes(2);
  });

  it('asks nothing when the latest message is outbound, and shows nothing when empty or failed', async () => {
    const calls = serve();
    renderScreen(<SuggestedReplies customer={customer('OUTBOUND')} disabled={false} onInsert={() => {}} />, '/');
    await new Promise((r) => setTimeout(r, 50));
    expect(calls).toEqual([]);
    expect(screen.queryByTestId('suggested-replies')).toBeNull();
    cleanupScreen();

    serve(() => json(200, { messageId: 41, member: [] }));
    renderScreen(<SuggestedReplies customer={customer('INBOUND')} disabled={false} onInsert={() => {}} />, '/');
    await waitFor(() => expect(screen.queryByTestId('suggested-replies-loading')).toBeNull());
    expect(screen.queryByTestId('suggested-replies')).toBeNull();
    cleanupScreen();

    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    serve(() => json(500, {}));
    renderScreen(<SuggestedReplies customer={customer('INBOUND')} disabled={false} onInsert={() => {}} />, '/');
    await waitFor(() => expect(warn).toHaveBeenCalled());
    expect(screen.queryByTestId('suggested-replies')).toBeNull();
    warn.mockRestore();
  });

  it('reads Alt+digit by physical key only, without other modifiers', () => {
    const k = (code: string, extra: Partial<{ altKey: boolean; ctrlKey: boolean; metaKey: boolean; shiftKey: boolean }> = {}) =>
      chipIndexOfKey({ altKey: true, ctrlKey: false, metaKey: false, shiftKey: false, code, ...extra });
    expect(k('Digit1')).toBe(0);
    expect(k('Numpad3')).toBe(2);
    expect(k('Digit0')).toBeNull();
    expect(k('KeyA')).toBeNull();
    expect(k('Digit1', { ctrlKey: true })).toBeNull();
    expect(k('Digit1', { altKey: false })).toBeNull();
  });
});
