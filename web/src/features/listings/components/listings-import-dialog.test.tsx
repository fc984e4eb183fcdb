import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import '../../../lib/i18n';
import { createQueryClient } from '../../../lib/query-client';
import { ListingsImportDialog } from './listings-import-dialog';

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/ld+json' } });

/** Answers each import path with what its queue holds next; records the file name each POST carried. */
function serve(answers: Record<string, Response[]>) {
  const posts: { path: string; file: string | null }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      const path = new URL(url, 'http://x').pathname;
      const file = init.body instanceof FormData ? init.body.get('file') : null;
      posts.push({ path, file: file instanceof File ? file.name : null });
      return answers[path]?.shift() ?? json(404, {});
    }),
  );
  return posts;
}

function renderDialog() {
  const onClose = vi.fn();
  render(
    <QueryClientProvider client={createQueryClient()}>
      <ListingsImportDialog onClose={onClose} />
    </QueryClientProvider>,
  );
  return onClose;
}

const pick = (name: string) =>
  fireEvent.change(screen.getByTestId('listings-import-file'), { target: { files: [new File(['name,url,keyword\n'], name, { type: 'text/csv' })] } });

const submit = () => screen.getByTestId('listings-import-submit') as HTMLButtonElement;

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('listings import dialog', () => {
  it('previews the chosen file, posts it, then lists each bad row', async () => {
    const posts = serve({
      '/api/listings/import/preview': [
        json(200, {
          headers: ['Name', 'Link', 'Code', 'Notes'],
          mapping: ['name', 'url', 'keyword', null],
          missing: [],
          sample: [['Maple', 'https://h.example/1', 'MAPLE', '']],
          rows: 3,
        }),
      ],
      '/api/listings/import': [
        json(200, {
          rows: 3,
          created: 1,
          skipped: 0,
          errors: [
            { row: 3, reasons: ['keyword: No such keyword.', 'price: This price is not valid.'] },
            { row: 4, reasons: ['url: Required.'] },
          ],
        }),
      ],
    });
    renderDialog();
    expect(submit().disabled).toBe(true);
    pick('listings.csv');
    const preview = await screen.findByTestId('listings-import-preview');
    expect(preview.textContent).toContain('Rows to import: 3');
    expect(preview.textContent).toContain('Link');
    expect(preview.textContent).toContain('URL');
    expect(preview.textContent).toContain('ignored');
    await waitFor(() => expect(submit().disabled).toBe(false));

    fireEvent.click(submit());
    const result = await screen.findByTestId('listings-import-result');
    expect(result.textContent).toContain('created 1');
    const rows = screen.getAllByTestId('listings-import-row-error').map((r) => r.textContent);
    expect(rows).toEqual(['Row 3: keyword: No such keyword.; price: This price is not valid.', 'Row 4: url: Required.']);
    expect(posts).toEqual([
      { path: '/api/listings/import/preview', file: 'listings.csv' },
      { path: '/api/listings/import', file: 'listings.csv' },
    ]);
  }, 30_000);

  it('shows the server\'s "Excel file not valid" message and missing columns, and does not import', async () => {
    const posts = serve({
      '/api/listings/import/preview': [
        json(422, {
          title: 'x',
          detail: 'Validation failed.',
          violations: [{ propertyPath: 'file', message: 'Excel file not valid: the workbook cannot be read.' }],
        }),
        json(200, { headers: ['Name'], mapping: ['name'], missing: ['url', 'keyword'], sample: [], rows: 1 }),
      ],
    });
    renderDialog();
    pick('broken.xlsx');
    expect((await screen.findByTestId('listings-import-error')).textContent).toBe('Excel file not valid: the workbook cannot be read.');
    expect(submit().disabled).toBe(true);

    pick('partial.csv');
    expect((await screen.findByTestId('listings-import-missing')).textContent).toContain('URL, Keyword');
    expect(screen.queryByTestId('listings-import-error')).toBeNull();
    expect(submit().disabled).toBe(true);
    expect(posts.map((p) => p.path)).toEqual(['/api/listings/import/preview', '/api/listings/import/preview']);
  }, 30_000);
});
