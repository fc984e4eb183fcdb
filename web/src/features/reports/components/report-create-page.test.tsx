import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import type { TMe } from '@cd/contracts/user';
import { MemoryRouter, Route, Routes } from 'react-router';
import { CurrentUserContext } from '../../../lib/current-user';
import { createQueryClient } from '../../../lib/query-client';
import { ReportCreatePage } from './report-create-page';

const me = {
  id: 1,
  firstName: 'Maja',
  lastName: 'Manager',
  email: 'maja@example.com',
  roles: ['ROLE_USER', 'ROLE_COMPANY_ADMIN'],
  companyData: { id: 3, channels: ['sms_provider', 'whatsapp'] },
  modules: {},
} as unknown as TMe;

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/ld+json' } });

/** Answers the company (its zone), the colleagues, and POST /api/reports with what `answer` gives; records the bodies. */
function serve(answer: () => Response = () => json(201, { id: 9, type: 'recurring' })) {
  const posts: Record<string, unknown>[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init: RequestInit = {}) => {
      const path = new URL(input, 'http://x').pathname;
      if (path === '/api/companies/3') return json(200, { id: 3, timezone: 'America/New_York', country: 'US' });
      if (path === '/api/users/colleagues') return json(200, { member: [], totalItems: 0 });
      if (path === '/api/reports' && init.method === 'POST') {
        posts.push(JSON.parse(String(init.body)) as Record<string, unknown>);
        return answer();
      }
      return json(404, {});
    }),
  );
  return posts;
}

function renderPage() {
  render(
    <QueryClientProvider client={createQueryClient()}>
      <CurrentUserContext.Provider value={me}>
        <MemoryRouter initialEntries={['/reports/new']}>
          <Routes>
            <Route path="/reports/new" element={<ReportCreatePage />} />
            <Route path="/reports" element={<div data-testid="back-on-list" />} />
          </Routes>
        </MemoryRouter>
      </CurrentUserContext.Provider>
    </QueryClientProvider>,
  );
}

const input = (testId: string) => screen.getByTestId(testId) as HTMLInputElement;

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

// The whole screen renders (MUI radios, toggles, two autocompletes): slow on a loaded machine, not hung.
describe('report creation screen', { timeout: 30_000 }, () => {
  it('sends a recurring report on Mondays and Thursdays with the recipients typed as chips', async () => {
    const posts = serve();
    renderPage();
    // The company's zone names the local times and resolves the period's days.
    await waitFor(() => expect(screen.getByTestId('report-resolved-days').textContent).toContain('America/New_York'));
    fireEvent.click(screen.getByTestId('report-weekday-thursday'));
    expect(screen.getByTestId('report-schedule-words').textContent).toContain('Mondays and Thursdays at 07:00');
    fireEvent.click(screen.getByTestId('report-period-mtd'));
    const recipients = input('report-recipients-input');
    fireEvent.change(recipients, { target: { value: 'owner@example.com,' } });
    expect(screen.getAllByTestId('report-recipient-chip').map((c) => c.textContent)).toEqual(['maja@example.com', 'owner@example.com']);
    fireEvent.click(screen.getByTestId('report-submit'));
    await screen.findByTestId('back-on-list');
    expect(posts).toEqual([
      {
        type: 'recurring',
        kind: 'usage_and_response_time',
        period: 'mtd',
        from: null,
        to: null,
        schedule: { frequency: 'weekly', weekdays: ['monday', 'thursday'], time: '07:00' },
        recipients: ['maja@example.com', 'owner@example.com'],
        filters: { userIds: [], channels: [] },
      },
    ]);
  });

  it('refuses a bad address in the chips field and checks the form before sending', async () => {
    const posts = serve();
    renderPage();
    const recipients = input('report-recipients-input');
    fireEvent.change(recipients, { target: { value: 'not-an-address;' } });
    expect(await screen.findByText('This is not a valid e-mail address.')).toBeTruthy();
    expect(screen.getAllByTestId('report-recipient-chip')).toHaveLength(1);
    // No weekday: the schema's own message shows under the weekday toggles, and nothing is sent.
    fireEvent.click(screen.getByTestId('report-weekday-monday'));
    fireEvent.change(recipients, { target: { value: '' } });
    fireEvent.click(screen.getByTestId('report-submit'));
    expect(await screen.findByText('Choose at least one weekday.')).toBeTruthy();
    expect(posts).toEqual([]);
  });

  it('sends a one-time report over chosen days, with no schedule', async () => {
    const posts = serve(() => json(201, { id: 10, type: 'one_time' }));
    renderPage();
    fireEvent.click(screen.getByTestId('report-type-one_time'));
    expect(screen.queryByTestId('report-schedule-section')).toBeNull();
    fireEvent.click(screen.getByTestId('report-kind-survey_results'));
    fireEvent.click(screen.getByTestId('report-period-custom'));
    fireEvent.change(input('report-from'), { target: { value: '2026-11-01' } });
    fireEvent.change(input('report-to'), { target: { value: '2026-11-07' } });
    expect(screen.getByTestId('report-resolved-days').textContent).toContain('(days: 7)');
    fireEvent.click(screen.getByTestId('report-submit'));
    await screen.findByTestId('back-on-list');
    expect(posts[0]).toMatchObject({ type: 'one_time', kind: 'survey_results', period: null, from: '2026-11-01', to: '2026-11-07', schedule: null });
  });

  it('shows the server’s 422 violations on their fields', async () => {
    const posts = serve(() =>
      json(422, {
        detail: 'kind: The survey module is not enabled for this company.',
        violations: [{ propertyPath: 'kind', message: 'The survey module is not enabled for this company.', code: 'custom' }],
      }),
    );
    renderPage();
    fireEvent.click(screen.getByTestId('report-kind-survey_results'));
    fireEvent.click(screen.getByTestId('report-submit'));
    expect(await screen.findByRole('alert')).toHaveProperty('textContent', 'The survey module is not enabled for this company.');
    expect(posts).toHaveLength(1);
    expect(screen.queryByTestId('back-on-list')).toBeNull();
  });
});
