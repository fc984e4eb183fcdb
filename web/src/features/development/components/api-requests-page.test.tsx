import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import '../../../lib/i18n';
import { cleanupScreen, currentLocation, hydraPage as page, jsonResponse as json, renderScreen, stubFetch } from '../../../lib/screen-test-harness';
import { apiCall } from '../lib/fixtures';
import { ApiRequestsPage } from './api-requests-page';

function serve(list: (u: URL) => Response) {
  return stubFetch((u) => {
    if (u.pathname === '/api/development/api_requests') return list(u);
    const one = /^\/api\/development\/api_requests\/(\d+)$/.exec(u.pathname);
    if (one) return json(200, apiCall(Number(one[1]), { status: 500, statusClass: '5xx', error: 'Upstream said no' }));
    if (u.pathname === '/api/companies') return json(200, page([{ id: 4, name: 'Lakeside Motors' }]));
    if (u.pathname === '/api/companies/4') return json(200, { id: 4, name: 'Lakeside Motors' });
    return undefined;
  });
}

const renderPage = (url = '/development/api') => renderScreen(<ApiRequestsPage />, url);

afterEach(cleanupScreen);

describe('ApiRequestsPage', { timeout: 60_000 }, () => {
  it('asks with the filters of the address and lists calls with status chips coloured by class', async () => {
    const calls = serve(() =>
      json(200, page([apiCall(2), apiCall(1, { status: null, statusClass: 'none', error: 'timeout', subjectType: null, subjectId: null })])),
    );
    renderPage('/development/api?company=4&vendor=twilio&statusClass=2xx&q=Messages');
    const rows = await screen.findAllByTestId('api-requests-row', {}, { timeout: 10_000 });
    expect(rows).toHaveLength(2);
    expect(calls).toContain('/api/development/api_requests?company=4&vendor=twilio&statusClass=2xx&q=Messages');
    const chips = screen.getAllByTestId('dev-status-chip');
    expect(chips.map((c) => [c.textContent, c.getAttribute('data-class')])).toEqual([
      ['201', '2xx'],
      ['No answer', 'none'],
    ]);
    expect(within(rows[0]!).getByText('Lakeside Motors')).toBeTruthy();
    expect(within(rows[0]!).getByText('182 ms')).toBeTruthy();
    expect(within(rows[0]!).getByTestId('api-requests-subject').textContent).toBe('Message #902');
    expect(screen.getByTestId('api-requests-vendor')).toHaveProperty('value', 'twilio');
  });

  it('shows the empty state, then the error state with a retry', async () => {
    serve(() => json(200, page([])));
    renderPage();
    expect(await screen.findByTestId('api-requests-empty', {}, { timeout: 10_000 })).toBeTruthy();
    cleanup();
    serve(() => json(500, { title: 'boom', detail: 'boom', description: 'boom', status: 500 }));
    renderPage();
    expect(await screen.findByTestId('api-requests-error', {}, { timeout: 10_000 })).toBeTruthy();
  });

  it('loads older pages through the keyset link', async () => {
    const calls = serve((u) =>
      u.searchParams.get('id[lt]')
        ? json(200, page([apiCall(1)]))
        : json(200, page([apiCall(3), apiCall(2)], '/api/development/api_requests?id%5Blt%5D=2&createdAt%5Bstrictly_before%5D=2026-11-28T10%3A00%3A00.000Z')),
    );
    renderPage();
    await screen.findAllByTestId('api-requests-row', {}, { timeout: 10_000 });
    fireEvent.click(screen.getByTestId('api-requests-more'));
    await waitFor(() => expect(screen.getAllByTestId('api-requests-row')).toHaveLength(3));
    expect(calls.some((c) => c.includes('id%5Blt%5D=2'))).toBe(true);
    expect(screen.queryByTestId('api-requests-more')).toBeNull();
  });

  it('filters by a subject from a row and keeps it in the address', async () => {
    serve(() => json(200, page([apiCall(2)])));
    renderPage();
    fireEvent.click(await screen.findByTestId('api-requests-subject', {}, { timeout: 10_000 }));
    await waitFor(() => expect(currentLocation()).toBe('/development/api?subjectType=message&subjectId=902'));
    expect(screen.getByTestId('api-requests-subject-filter')).toBeTruthy();
  });

  it('opens a row in the drawer with the error, pretty JSON and a curl command', async () => {
    serve(() => json(200, page([apiCall(2)])));
    renderPage();
    fireEvent.click((await screen.findAllByTestId('api-requests-row', {}, { timeout: 10_000 }))[0]!);
    await waitFor(() => expect(currentLocation()).toBe('/development/api?open=2'));
    const detail = await screen.findByTestId('api-request-detail');
    expect((await within(detail).findByTestId('api-request-error')).textContent).toContain('Upstream said no');
    expect(within(detail).getByTestId('api-request-response-body').textContent).toContain('"sid": "SM1"');
    const writeText = vi.fn(async () => undefined);
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
    fireEvent.click(within(detail).getByTestId('api-request-copy-curl'));
    await waitFor(() => expect(writeText).toHaveBeenCalled());
    expect(writeText.mock.calls[0]).toEqual([
      [
        `curl 'https://api.twilio.com/2010-04-01/Accounts/AC1/Messages.json'`,
        `-H 'Authorization: [redacted]'`,
        `-H 'Content-Type: application/x-www-form-urlencoded'`,
        `--data-raw 'To=%2B15551230000&Body=It'\\''s+ready'`,
      ].join(' \\\n  '),
    ]);
  });

  it('live tail puts newer rows on top, highlighted', async () => {
    let newest = false;
    serve(() => json(200, page(newest ? [apiCall(5), apiCall(2)] : [apiCall(2)])));
    renderPage();
    await screen.findAllByTestId('api-requests-row', {}, { timeout: 10_000 });
    newest = true;
    fireEvent.click(screen.getByTestId('api-requests-live'));
    await waitFor(() => expect(screen.getAllByTestId('api-requests-row').map((r) => r.getAttribute('data-id'))).toEqual(['5', '2']), { timeout: 10_000 });
    expect(screen.getAllByTestId('api-requests-row')[0]!.getAttribute('data-new')).toBe('true');
    expect(screen.getAllByTestId('api-requests-row')[1]!.getAttribute('data-new')).toBeNull();
  });
});
