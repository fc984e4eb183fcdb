import { afterEach, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import '../../../lib/i18n';
import { cleanupScreen, hydraPage as page, jsonResponse as json, renderScreen, stubFetch } from '../../../lib/screen-test-harness';
import { webhookEntry } from '../lib/fixtures';
import { WebhookRequestsPage } from './webhook-requests-page';

function serve(replay: () => Response) {
  return stubFetch(
    (u) => {
      if (u.pathname === '/api/development/webhook_requests') return json(200, page([webhookEntry(7, { replayCount: 2 })]));
      if (u.pathname === '/api/development/webhook_requests/7/replay') return replay();
      const one = /^\/api\/development\/webhook_requests\/(\d+)$/.exec(u.pathname);
      if (one) return json(200, webhookEntry(Number(one[1]), Number(one[1]) === 7 ? { replayCount: 2 } : { replayOf: 7, verification: 'replayed' }));
      return undefined;
    },
    { withMethod: true },
  );
}

const renderPage = (url: string) => renderScreen(<WebhookRequestsPage />, url);

afterEach(cleanupScreen);

describe('WebhookRequestsPage', { timeout: 60_000 }, () => {
  it('lists webhooks with their verification and outcome, filters from the address', async () => {
    const calls = serve(() => json(500, {}));
    renderPage('/development/webhook?source=sms_provider&verification=valid&outcome=processed');
    const rows = await screen.findAllByTestId('webhook-requests-row', {}, { timeout: 10_000 });
    expect(calls).toContain('GET /api/development/webhook_requests?source=sms_provider&verification=valid&outcome=processed');
    expect(within(rows[0]!).getByTestId('dev-verification-chip').textContent).toBe('Valid');
    expect(within(rows[0]!).getByTestId('dev-outcome-chip').textContent).toBe('Processed');
    expect(within(rows[0]!).getByText('2')).toBeTruthy();
  });

  it('replays only after confirmation and shows the new entry', async () => {
    const calls = serve(() => json(201, webhookEntry(8, { replayOf: 7, verification: 'replayed' })));
    renderPage('/development/webhook?open=7');
    const detail = await screen.findByTestId('webhook-request-detail', {}, { timeout: 10_000 });
    expect((await within(detail).findByTestId('webhook-request-replay-count')).textContent).toBe('2');
    fireEvent.click(within(detail).getByTestId('webhook-request-replay'));
    const dialog = await screen.findByTestId('replay-dialog');
    expect(dialog.textContent).toContain('idempotent');
    expect(within(dialog).getByTestId('replay-dialog-count').textContent).toBe('Replays so far: 2');
    // Cancel sends nothing.
    fireEvent.click(within(dialog).getByTestId('replay-dialog-cancel'));
    await waitFor(() => expect(screen.queryByTestId('replay-dialog')).toBeNull());
    expect(calls.some((c) => c.startsWith('POST'))).toBe(false);

    fireEvent.click(within(detail).getByTestId('webhook-request-replay'));
    fireEvent.click(within(await screen.findByTestId('replay-dialog')).getByTestId('replay-dialog-confirm'));
    expect((await screen.findByTestId('replay-dialog-result')).textContent).toContain('Replayed as entry #8 (answered 200).');
    expect(calls).toContain('POST /api/development/webhook_requests/7/replay');
    fireEvent.click(screen.getByTestId('replay-dialog-open'));
    await waitFor(() => expect(screen.getByTestId('webhook-request-detail').textContent).toContain('#8'));
    expect((await screen.findByTestId('webhook-request-original')).textContent).toBe('#7');
  });

  it('shows the server reason when a replay fails', async () => {
    serve(() =>
      json(409, { title: 'Conflict', detail: 'A rejected webhook cannot be replayed.', description: 'A rejected webhook cannot be replayed.', status: 409 }),
    );
    renderPage('/development/webhook?open=7');
    fireEvent.click(await screen.findByTestId('webhook-request-replay', {}, { timeout: 10_000 }));
    fireEvent.click(within(await screen.findByTestId('replay-dialog')).getByTestId('replay-dialog-confirm'));
    expect((await screen.findByTestId('replay-dialog-error')).textContent).toContain('A rejected webhook cannot be replayed.');
    expect(screen.queryByTestId('replay-dialog-result')).toBeNull();
  });
});
