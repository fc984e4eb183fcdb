import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import '../../../lib/i18n';
import { createQueryClient } from '../../../lib/query-client';
import { SupportPage } from './support-page';

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/ld+json' } });
const links = [{ title: 'API documentation', url: '/api/docs' }];

function serve(opts: { enabled: boolean; post?: () => Response }) {
  const posts: unknown[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init: RequestInit = {}) => {
      const url = new URL(input, 'http://x');
      if (url.pathname !== '/api/support') return json(404, {});
      if (init.method === 'POST') {
        posts.push(JSON.parse(String(init.body)));
        return opts.post?.() ?? json(202, { reference: 'SUP-7F3K2' });
      }
      return json(200, { enabled: opts.enabled, helpLinks: links });
    }),
  );
  return posts;
}

function renderPage(entry: string | { pathname: string; state: unknown } = '/support') {
  render(
    <QueryClientProvider client={createQueryClient()}>
      <MemoryRouter initialEntries={[entry]}>
        <SupportPage />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

async function fillAndSend() {
  fireEvent.change(await screen.findByTestId('support-subject'), { target: { value: 'Reports are empty' } });
  fireEvent.change(screen.getByTestId('support-message'), { target: { value: 'The weekly report shows no rows.' } });
  fireEvent.click(screen.getByTestId('support-send'));
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('support page', { timeout: 20_000 }, () => {
  it('sends the question with the page the user came from and the browser, then shows the reference', async () => {
    const posts = serve({ enabled: true });
    renderPage({ pathname: '/support', state: { from: '/reports' } });
    expect((await screen.findByTestId('support-help-links')).textContent).toContain('API documentation');
    await fillAndSend();
    expect((await screen.findByTestId('support-reference')).textContent).toBe('SUP-7F3K2');
    expect(posts[0]).toMatchObject({ subject: 'Reports are empty', message: 'The weekly report shows no rows.', page: '/reports' });
    expect((posts[0] as { userAgent: string }).userAgent).toBeTruthy();
    expect((posts[0] as { viewport: string }).viewport).toMatch(/^\d+x\d+$/);
  });

  it('asks for both fields before sending', async () => {
    const posts = serve({ enabled: true });
    renderPage();
    fireEvent.click(await screen.findByTestId('support-send'));
    expect(await screen.findAllByText('This field is required.')).toHaveLength(2);
    expect(posts).toHaveLength(0);
  });

  it('says plainly when support is not set up, and when too many were sent', async () => {
    serve({ enabled: false });
    renderPage();
    expect((await screen.findByTestId('support-not-configured')).textContent).toContain('not set up');
    expect(screen.queryByTestId('support-form')).toBeNull();
    cleanup();
    serve({ enabled: true, post: () => json(429, { detail: 'You have sent several messages in the last hour; please wait before sending another.' }) });
    renderPage();
    await fillAndSend();
    await waitFor(() => expect(screen.getByTestId('support-problem').dataset.kind).toBe('tooMany'));
  });

  it('turns a “not configured” refusal into the plain state', async () => {
    serve({ enabled: true, post: () => json(422, { detail: 'Support messages are not set up on this server.' }) });
    renderPage();
    await fillAndSend();
    expect(await screen.findByTestId('support-not-configured')).toBeTruthy();
  });
});
