import { deflateSync } from 'node:zlib';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCall, apiToken } from '../support/api';
import { launchBrowser, newContext, signIn, screenshot } from '../support/browser';

const ADMIN = 'admin@realty.example.com';

type TCompanyLike = {
  slug: string;
  customerView: Record<string, unknown>;
  surveySettings: Record<string, unknown>;
  logoMobile: { id: number } | null;
};

let browser: Browser;
let token: string;
let companyId: number;
let original: TCompanyLike;

/** A tiny solid-colour PNG built by hand (signature, IHDR, one IDAT, IEND), so the test needs no image files. */
function tinyPng(size = 8, rgb: [number, number, number] = [26, 115, 232]): Buffer {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (buf: Buffer) => {
    let c = 0xffffffff;
    for (const b of buf) c = crcTable[(c ^ b) & 0xff]! ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const sum = Buffer.alloc(4);
    sum.writeUInt32BE(crc(body));
    return Buffer.concat([len, body, sum]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(size, 0);
  ihdr.writeUInt32BE(size, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 2; // truecolour
  const row = Buffer.concat([Buffer.from([0]), Buffer.from(Array.from({ length: size }, () => rgb).flat())]);
  const pixels = Buffer.concat(Array.from({ length: size }, () => row));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(pixels)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

function companyPatches(page: Page): unknown[] {
  const bodies: unknown[] = [];
  page.on('request', (req) => {
    if (req.method() === 'PATCH' && req.url().includes(`/api/companies/${companyId}`)) bodies.push(req.postDataJSON());
  });
  return bodies;
}

async function openTab(page: Page, tab: string, theme: 'light' | 'dark') {
  await page.evaluate((t) => localStorage.setItem('theme', t), theme);
  await page.goto(`/companies/${companyId}/${tab}`);
  await page.getByTestId(`company-tabpanel-${tab}`).waitFor();
}

beforeAll(async () => {
  browser = await launchBrowser();
  token = await apiToken(ADMIN);
  const me = await apiCall<{ company: string }>({ token, path: '/api/me' });
  companyId = Number(me.json.company.split('/').pop());
  original = (await apiCall<TCompanyLike>({ token, path: `/api/companies/${companyId}` })).json;
});

afterAll(async () => {
  // Put the demo company back whatever happened above (removed keys are sent as null).
  if (original) {
    const current = (await apiCall<TCompanyLike>({ token, path: `/api/companies/${companyId}` })).json;
    const restore = (now: Record<string, unknown>, before: Record<string, unknown>) =>
      Object.fromEntries(Object.keys({ ...now, ...before }).map((k) => [k, before[k] ?? null]));
    await apiCall({
      token,
      method: 'PATCH',
      path: `/api/companies/${companyId}`,
      body: { customerView: restore(current.customerView, original.customerView), surveySettings: restore(current.surveySettings, original.surveySettings) },
    });
  }
  await browser?.close();
});

describe('customer view and survey settings (company admin)', () => {
  it('edits a page text, sees it on /c/{slug}, then restores it', async () => {
    const ctx = await newContext(browser);
    const page = await ctx.newPage();
    const bodies = companyPatches(page);
    await signIn(page, ADMIN);
    await openTab(page, 'customer_view', 'dark');
    for (const sub of ['general', 'survey', 'real_estate']) await page.getByTestId(`customer-view-tab-${sub}`).waitFor();

    const text = 'E2E: leave your name and we will text you back.';
    await page.getByTestId('customer-view-general-edit').click();
    await page.getByTestId('customer-view-general-field-beforeNameInputText').fill(`  ${text}  `);
    // rgb with an alpha above 1 is refused in the browser (part 2 §9: alpha 0 to 1).
    await page.getByTestId('customer-view-general-field-accentColor').fill('rgba(26, 115, 232, 1.5)');
    await page.getByTestId('customer-view-general-save').click();
    await page.getByText('Enter a colour such as #1a73e8 or rgba(26, 115, 232, 0.8) (alpha from 0 to 1).').waitFor();
    expect(bodies).toEqual([]);
    await page.getByTestId('customer-view-general-field-accentColor').fill(String(original.customerView.accentColor ?? ''));
    await screenshot(page, 'customer-view-general-edit-dark');
    await page.getByTestId('customer-view-general-save').click();
    await page.getByText('Success').first().waitFor();
    expect(bodies).toEqual([{ customerView: { beforeNameInputText: text } }]);
    await page.getByTestId('customer-view-general-view-beforeNameInputText').getByText(text).waitFor();
    await screenshot(page, 'customer-view-general-dark');

    const pub = await ctx.newPage();
    await pub.goto(`/c/${original.slug}`);
    await pub.getByText(text).waitFor({ timeout: 15_000 });
    await pub.close();

    await page.getByTestId('customer-view-general-edit').click();
    await page.getByTestId('customer-view-general-field-beforeNameInputText').fill(String(original.customerView.beforeNameInputText ?? ''));
    await page.getByTestId('customer-view-general-save').click();
    await page.getByTestId('customer-view-general-edit').waitFor();
    expect(bodies[1]).toEqual({ customerView: { beforeNameInputText: original.customerView.beforeNameInputText ?? null } });
    await ctx.close();
  });

  it('survey texts stay in edit mode after a save', async () => {
    const ctx = await newContext(browser);
    const page = await ctx.newPage();
    await signIn(page, ADMIN);
    await openTab(page, 'customer_view', 'light');
    await page.getByTestId('customer-view-tab-survey').click();
    await page.getByTestId('customer-view-survey-edit').click();
    await page.getByTestId('customer-view-survey-field-surveySendButtonText').fill('Send my answer');
    await page.getByTestId('customer-view-survey-field-surveyGoogleReviewLink').fill('not a url');
    await page.getByTestId('customer-view-survey-save').click();
    await page.getByText('This URL is not valid.').waitFor();
    await page.getByTestId('customer-view-survey-field-surveyGoogleReviewLink').fill('https://g.page/r/demo-realty/review');
    await page.getByTestId('customer-view-survey-save').click();
    await page.getByText('Success').first().waitFor();
    await screenshot(page, 'customer-view-survey-light');
    expect(await page.getByTestId('customer-view-survey-save').isVisible()).toBe(true);
    const saved = await apiCall<TCompanyLike>({ token, path: `/api/companies/${companyId}` });
    expect(saved.json.customerView).toMatchObject({ surveySendButtonText: 'Send my answer', surveyGoogleReviewLink: 'https://g.page/r/demo-realty/review' });
    await page.getByTestId('customer-view-tab-real_estate').click();
    await page.getByTestId('customer-view-real-estate').waitFor();
    await screenshot(page, 'customer-view-real-estate-light');
    await ctx.close();
  });

  it('uploads a logo PNG, shows it on the public page, refuses a too big file and removes the logo', async () => {
    const ctx = await newContext(browser);
    const page = await ctx.newPage();
    await signIn(page, ADMIN);
    await openTab(page, 'customer_view', 'light');
    const slot = page.getByTestId('company-image-logoMobile');
    if (original.logoMobile) {
      await slot.getByTestId('company-image-logoMobile-remove').click();
      await page.getByTestId('confirm-dialog-confirm').click();
    }
    await page.getByTestId('company-image-logoMobile-upload').waitFor();

    await page.getByTestId('company-image-logoMobile-input').setInputFiles({ name: 'huge.png', mimeType: 'image/png', buffer: Buffer.alloc(5_000_000, 1) });
    await page.getByText('huge.png: the file is too big (5 MB at most)').waitFor();

    await page.getByTestId('company-image-logoMobile-input').setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: tinyPng(64) });
    await page.getByTestId('company-image-logoMobile-preview').waitFor({ timeout: 15_000 });
    await page.getByText('Success').first().waitFor();
    await expect.poll(() => page.getByTestId('company-image-logoMobile-preview').evaluate((img) => (img as HTMLImageElement).naturalWidth)).toBe(64);
    const publicCompany = await apiCall<{ logoMobileUrl: string | null }>({ path: `/api/public/companies/${original.slug}` });
    expect(publicCompany.json.logoMobileUrl).toMatch(/^\/storage\//);
    await page.getByTestId('company-images').scrollIntoViewIfNeeded();
    await screenshot(page, 'customer-view-images-light');

    await page.getByTestId('company-image-logoMobile-remove').click();
    await page.getByTestId('confirm-dialog-confirm').click();
    await page.getByTestId('company-image-logoMobile-upload').waitFor({ timeout: 15_000 });
    expect((await apiCall<{ logoMobileUrl: string | null }>({ path: `/api/public/companies/${original.slug}` })).json.logoMobileUrl).toBeNull();
    await ctx.close();
  });

  it('the QR dialog draws /c/{slug}, downloads {slug}.jpg and copies the image', async () => {
    const ctx = await newContext(browser);
    await ctx.grantPermissions(['clipboard-read', 'clipboard-write']);
    const page = await ctx.newPage();
    await signIn(page, ADMIN);
    for (const theme of ['dark', 'light'] as const) {
      await openTab(page, 'customer_view', theme);
      await page.getByTestId('customer-view-qr').click();
      const canvas = page.getByTestId('qr-code-canvas');
      await page.locator('[data-testid="qr-code-canvas"][data-drawn="true"]').waitFor();
      expect(await canvas.evaluate((c) => (c as HTMLCanvasElement).width)).toBe(256);
      const dark = await canvas.evaluate((c) => {
        const data = (c as HTMLCanvasElement).getContext('2d')!.getImageData(0, 0, 256, 256).data;
        let n = 0;
        for (let i = 0; i < data.length; i += 4) if (data[i]! < 128) n++;
        return n;
      });
      expect(dark).toBeGreaterThan(1000);
      expect(await page.getByTestId('qr-code-link').getAttribute('href')).toMatch(new RegExp(`/c/${original.slug}$`));
      expect(await page.getByTestId('qr-code-dialog').locator('.MuiDialog-paper').evaluate((el) => el.getBoundingClientRect().width)).toBe(466);
      await screenshot(page, `customer-view-qr-${theme}`);
      await page.getByTestId('qr-code-close').click();
    }

    await page.getByTestId('customer-view-qr').click();
    await page.locator('[data-testid="qr-code-canvas"][data-drawn="true"]').waitFor();
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('qr-code-download').click()]);
    expect(download.suggestedFilename()).toBe(`${original.slug}.jpg`);
    await page.getByTestId('qr-code-copy').click();
    await page.getByText(/Image copied to the clipboard\.|Cannot copy image\./).first().waitFor();
    await ctx.close();
  });

  it('csi: edits the survey delay and a follow-up question, then restores them', async () => {
    const ctx = await newContext(browser);
    const page = await ctx.newPage();
    const bodies = companyPatches(page);
    await signIn(page, ADMIN);
    await openTab(page, 'csi', 'dark');
    const daysBefore = await page.getByTestId('survey-view-daysAfter').locator('dd').textContent();

    await page.getByTestId('survey-settings-edit').click();
    await page.getByTestId('survey-field-daysAfter').locator('..').click();
    await page.getByRole('option', { name: '3 days' }).click();
    await page.getByTestId('survey-negativeResponseQuestions-add').click();
    const n = (original.surveySettings.negativeResponseQuestions as unknown[] | undefined)?.length ?? 0;
    await page.getByTestId('survey-settings-save').click();
    await page.getByText('Write the question.').waitFor();
    expect(bodies).toEqual([]);
    await page.getByTestId(`survey-negativeResponseQuestions-${n}-question`).fill('What went wrong?');
    await page.getByTestId(`survey-negativeResponseQuestions-${n}-answer-0`).fill('Waiting time');
    const emails = page.getByTestId('survey-field-negativeResponseNotificationEmails');
    await emails.fill('nope');
    await emails.press('Enter');
    await page.getByText('Not a valid e-mail address: nope').waitFor();
    await emails.fill('manager@realty.example.com,');
    await screenshot(page, 'survey-settings-edit-dark');
    await page.getByTestId('survey-settings-save').click();
    await page.getByText('Success').first().waitFor();
    const sent = bodies[0] as { surveySettings: Record<string, unknown> };
    expect(sent.surveySettings.daysAfter).toBe(3);
    expect(sent.surveySettings.negativeResponseNotificationEmails).toContain('manager@realty.example.com');
    expect((sent.surveySettings.negativeResponseQuestions as { question: string }[]).at(-1)).toMatchObject({
      question: 'What went wrong?',
      answerType: 'choice',
      answers: ['Waiting time'],
    });
    await page.getByTestId('survey-view-daysAfter').getByText('3 days').waitFor();
    await screenshot(page, 'survey-settings-dark');

    // Restore through the form: the old delay, the question and the address removed.
    await page.getByTestId('survey-settings-edit').click();
    await page.getByTestId('survey-field-daysAfter').locator('..').click();
    await page.getByRole('option', { name: daysBefore!.trim() }).click();
    await page.getByTestId(`survey-negativeResponseQuestions-${n}-remove`).click();
    await page.getByTestId('survey-field-negativeResponseNotificationEmails-chip').filter({ hasText: 'manager@realty.example.com' }).locator('svg').click();
    await page.getByTestId('survey-settings-save').click();
    await page.getByTestId('survey-settings-edit').waitFor();
    const saved = await apiCall<TCompanyLike>({ token, path: `/api/companies/${companyId}` });
    expect(saved.json.surveySettings.daysAfter).toBe(original.surveySettings.daysAfter ?? 0);
    expect(saved.json.surveySettings.negativeResponseQuestions ?? []).toEqual(original.surveySettings.negativeResponseQuestions ?? []);

    await page.evaluate(() => localStorage.setItem('theme', 'light'));
    await page.reload();
    await page.getByTestId('survey-settings').waitFor();
    await screenshot(page, 'survey-settings-light');
    await ctx.close();
  });
});
