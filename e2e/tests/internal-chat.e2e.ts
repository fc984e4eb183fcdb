import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCall, apiToken } from '../support/api';
import { expectPath, launchBrowser, liveStreamOpened, newContext, screenshot, signIn } from '../support/browser';
import { waitUntil } from '../support/wait';

const TINY_PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');
/** Alex Carter (agent) and Sam Nguyen (technician) of Demo Motors both have ROLE_INTERNAL_CHAT in the seed. */
const ALEX = 'agent@motors.example.com';
const SAM = 'tech@motors.example.com';
const SHOTS = process.env.SHOTS_DIR;

let browser: Browser;
let ids: { sam: number; maria: number };
let alexCtx: BrowserContext;
let samCtx: BrowserContext;
let alex: Page;
let sam: Page;
let directId: number;

/** Screenshots for people to look at: the suite's folder, and SHOTS_DIR when set. */
async function shot(page: Page, name: string) {
  await screenshot(page, `internal-chat-${name}`);
  if (SHOTS) {
    mkdirSync(SHOTS, { recursive: true });
    await page.screenshot({ path: path.join(SHOTS, `${name}.png`) });
  }
}

async function openApp(page: Page, email: string, at: string) {
  await signIn(page, email);
  const live = liveStreamOpened(page);
  await page.goto(at);
  await page.getByTestId('internal-chat-page').waitFor();
  await live;
}

const threadRow = (page: Page, id: number) => page.getByTestId(`ichat-thread-${id}`);
const unreadOf = async (page: Page, id: number) => threadRow(page, id).getAttribute('data-unread');
const messageBubble = (page: Page, text: string) => page.locator('[data-testid^="ichat-message-"][data-own]', { hasText: text });
const threadIdFromUrl = (page: Page) => Number(new URL(page.url()).pathname.split('/').pop());

async function pickColleague(page: Page, inputTestId: string, name: string, id: number) {
  await page.getByTestId(inputTestId).click();
  await page.getByTestId(inputTestId).fill(name);
  await page.getByTestId(`ichat-colleague-option-${id}`).click();
}

async function setTheme(page: Page, theme: 'light' | 'dark') {
  await page.getByTestId('theme-switch').click();
  await page.getByTestId(`theme-option-${theme}`).click();
  await page.waitForFunction((t) => localStorage.getItem('theme') === t, theme);
  await page.keyboard.press('Escape');
}

beforeAll(async () => {
  browser = await launchBrowser();
  const colleagues = await apiCall<{ member: { id: number; email: string }[] }>({ token: await apiToken(ALEX), path: '/api/internal_chat/colleagues' });
  expect(colleagues.status).toBe(200);
  const idOf = (email: string) => colleagues.json.member.find((c) => c.email === email)!.id;
  ids = { sam: idOf(SAM), maria: idOf('admin@motors.example.com') };
  alexCtx = await newContext(browser);
  samCtx = await newContext(browser);
  alex = await alexCtx.newPage();
  sam = await samCtx.newPage();
});
afterAll(async () => {
  await alexCtx?.close();
  await samCtx?.close();
  await browser?.close();
});

describe('internal chat between two colleagues, live', () => {
  it('A starts a chat with B and writes; B sees it arrive unread, opens it (read), answers; A sees the answer and the read mark', async () => {
    await openApp(alex, ALEX, '/internal-chat');
    // The technician lands on the internal chat (the first board their roles give them).
    const samLive = liveStreamOpened(sam);
    await signIn(sam, SAM);
    await expectPath(sam, '/internal-chat');
    await samLive;
    await sam.getByTestId('ichat-select-hint').waitFor();
    await shot(sam, 'empty-dark');

    await alex.getByTestId('ichat-new-chat').click();
    await pickColleague(alex, 'ichat-new-chat-colleague', 'Sam', ids.sam);
    await alex.getByTestId('ichat-new-chat-submit').click();
    await alex.waitForURL(/\/internal-chat\/\d+$/);
    directId = threadIdFromUrl(alex);
    await alex.getByTestId('ichat-messages-empty').waitFor();

    // The new chat appears in B's list without a reload.
    await threadRow(sam, directId).waitFor({ timeout: 15_000 });

    await alex.getByTestId('ichat-input').fill('Hi Sam, is bay 3 free this afternoon?');
    await alex.getByTestId('ichat-input').press('Enter');
    await messageBubble(alex, 'is bay 3 free').waitFor();
    expect(await messageBubble(alex, 'is bay 3 free').getAttribute('data-own')).toBe('true');
    expect(await alex.getByTestId('ichat-input').inputValue()).toBe('');

    await waitUntil(async () => (await unreadOf(sam, directId)) === 'true', 'B sees the chat unread');
    expect(await threadRow(sam, directId).getByTestId('ichat-thread-preview').textContent()).toContain('is bay 3 free');
    expect(await threadRow(sam, directId).getByTestId('ichat-unread-dot').count()).toBe(1);
    const titleWeight = await threadRow(sam, directId).getByTestId('ichat-thread-title').evaluate((el) => getComputedStyle(el).fontWeight);
    expect(Number(titleWeight)).toBeGreaterThanOrEqual(700);
    // The side menu counts unread chats too.
    await waitUntil(async () => (await sam.getByTestId('chat-unread-badge').textContent())?.trim() === '1', 'the menu badge shows one unread chat');
    await shot(sam, 'unread-dark');
    // Not read yet: no read mark under A's message.
    expect(await alex.getByTestId('ichat-seen').count()).toBe(0);

    await threadRow(sam, directId).click();
    await messageBubble(sam, 'is bay 3 free').waitFor();
    expect(await messageBubble(sam, 'is bay 3 free').getAttribute('data-own')).toBe('false');
    await waitUntil(async () => (await unreadOf(sam, directId)) === 'false', 'opening the chat reads it');
    await waitUntil(async () => (await sam.getByTestId('chat-unread-badge').count()) === 0, 'the menu badge goes away');
    // A sees that B read it, live.
    await alex.getByTestId('ichat-seen').waitFor({ timeout: 15_000 });

    // Shift+Enter adds a line, Enter sends.
    const input = sam.getByTestId('ichat-input');
    await input.fill('Yes, after 2 PM.');
    await input.press('Shift+Enter');
    await input.pressSequentially('Bring the Civic in.');
    await input.press('Enter');
    const reply = messageBubble(alex, 'Bring the Civic in.');
    await reply.waitFor({ timeout: 15_000 });
    expect(await reply.getAttribute('data-own')).toBe('false');
    expect(await reply.getByTestId('ichat-message-content').textContent()).toBe('Yes, after 2 PM.\nBring the Civic in.');
    // A has the chat open: the answer is read at once, and B sees A's read mark.
    await waitUntil(async () => (await unreadOf(alex, directId)) === 'false', 'the open chat stays read for A');
    await sam.getByTestId('ichat-seen').waitFor({ timeout: 15_000 });
    await shot(alex, 'conversation-dark');

    // B marks the chat unread on purpose: bold again, and it stays unread while open.
    await sam.getByTestId('ichat-thread-menu').click();
    await sam.getByTestId('ichat-menu-unread').click();
    await waitUntil(async () => (await unreadOf(sam, directId)) === 'true', 'marked unread');
    await sam.waitForTimeout(500);
    expect(await unreadOf(sam, directId)).toBe('true');
  });

  it('a second one-to-one chat with the same colleague shows "Chat already exists" and opens the existing one', async () => {
    await alex.goto('/internal-chat');
    await alex.getByTestId('ichat-thread-list').waitFor();
    await alex.getByTestId('ichat-new-chat').click();
    await pickColleague(alex, 'ichat-new-chat-colleague', 'Sam', ids.sam);
    await alex.getByTestId('ichat-new-chat-submit').click();
    await alex.getByText('Chat already exists').first().waitFor();
    await alex.waitForURL((u) => u.pathname === `/internal-chat/${directId}`);
    await messageBubble(alex, 'is bay 3 free').waitFor();
  });

  it('attachments: an image goes out as a thumbnail the colleague sees live', async () => {
    await alex.goto(`/internal-chat/${directId}`);
    await messageBubble(alex, 'is bay 3 free').waitFor();
    await alex.getByTestId('ichat-file-input').setInputFiles({ name: 'bay-3.png', mimeType: 'image/png', buffer: TINY_PNG });
    await alex.getByTestId('ichat-composer-files').getByText('bay-3.png').waitFor();
    await alex.getByTestId('ichat-input').fill('Photo of the bay');
    await alex.getByTestId('ichat-send').click();
    const onSam = messageBubble(sam, 'Photo of the bay');
    await onSam.waitFor({ timeout: 15_000 });
    await onSam.locator('[data-testid^="ichat-attachment-image-"] img').waitFor();
    expect(await onSam.locator('img').getAttribute('src')).toMatch(/^\/storage\/.+sig=/);
    await shot(sam, 'attachment-dark');
  });

  it('archive is personal: B archives the chat, finds it in the archived view, and a new message brings it back', async () => {
    await sam.getByTestId('ichat-thread-menu').click();
    await sam.getByTestId('ichat-menu-archive').click();
    await waitUntil(async () => (await threadRow(sam, directId).count()) === 0, 'the chat leaves B list');
    expect(await threadRow(alex, directId).count()).toBe(1);
    await sam.getByTestId('ichat-archived-toggle').click();
    await threadRow(sam, directId).waitFor();
    await shot(sam, 'archived-dark');
    await sam.getByTestId('ichat-archived-toggle').click();
    // Nothing else is in B's chats yet.
    await sam.getByTestId('ichat-threads-empty').waitFor();
    expect(await threadRow(sam, directId).count()).toBe(0);
    await alex.getByTestId('ichat-input').fill('Are you still there?');
    await alex.getByTestId('ichat-input').press('Enter');
    await threadRow(sam, directId).waitFor({ timeout: 15_000 });
    await waitUntil(async () => (await unreadOf(sam, directId)) === 'true', 'back and unread');
  });

  it('a named group chat: created by A with two colleagues, B sees it and the sender names', async () => {
    await alex.getByTestId('ichat-new-group').click();
    await alex.getByTestId('ichat-group-submit').click();
    // A group needs a name (and members).
    await alex.getByText('A group chat needs a name.').waitFor();
    await alex.getByTestId('ichat-group-name').fill('Workshop team');
    await pickColleague(alex, 'ichat-group-members', 'Sam', ids.sam);
    await pickColleague(alex, 'ichat-group-members', 'Maria', ids.maria);
    await alex.keyboard.press('Escape');
    await alex.getByTestId('ichat-group-submit').click();
    await alex.waitForURL((u) => /^\/internal-chat\/\d+$/.test(u.pathname) && u.pathname !== `/internal-chat/${directId}`);
    const groupId = threadIdFromUrl(alex);
    await alex.getByTestId('ichat-header-title').filter({ hasText: 'Workshop team' }).waitFor();

    await alex.getByTestId('ichat-input').fill('Team meeting at 4 in the lounge.');
    await alex.getByTestId('ichat-input').press('Enter');
    await threadRow(sam, groupId).waitFor({ timeout: 15_000 });
    await waitUntil(async () => (await unreadOf(sam, groupId)) === 'true', 'B sees the group message unread');
    await threadRow(sam, groupId).click();
    const bubble = messageBubble(sam, 'Team meeting at 4');
    await bubble.waitFor();
    expect(await bubble.getByTestId('ichat-message-sender').textContent()).toBe('Alex Carter');
    await sam.getByTestId('ichat-input').fill('On my way after this job.');
    await sam.getByTestId('ichat-input').press('Enter');
    await messageBubble(alex, 'On my way').waitFor({ timeout: 15_000 });
    expect(await messageBubble(alex, 'On my way').getByTestId('ichat-message-sender').textContent()).toBe('Sam Nguyen');
    await shot(alex, 'group-dark');
    await shot(sam, 'group-b-dark');

    // The owner's menu offers rename / members and delete; a member's does not.
    await sam.getByTestId('ichat-thread-menu').click();
    expect(await sam.getByTestId('ichat-menu-edit').count()).toBe(0);
    expect(await sam.getByTestId('ichat-menu-delete').count()).toBe(0);
    await sam.keyboard.press('Escape');
    await alex.getByTestId('ichat-thread-menu').click();
    await alex.getByTestId('ichat-menu-edit').waitFor();
    await alex.keyboard.press('Escape');

    // The owner renames the group; members see the new name at once.
    await alex.getByTestId('ichat-thread-menu').click();
    await alex.getByTestId('ichat-menu-edit').click();
    const dialog = alex.getByTestId('ichat-group-dialog');
    await dialog.getByText('Sam Nguyen').waitFor();
    await dialog.getByText('Maria Lopez').waitFor();
    await shot(alex, 'edit-group-dark');
    await alex.getByTestId('ichat-group-name').fill('Workshop crew');
    await alex.getByTestId('ichat-group-submit').click();
    await sam.getByTestId('ichat-header-title').filter({ hasText: 'Workshop crew' }).waitFor({ timeout: 15_000 });

    // Light theme, then back to the default.
    await setTheme(alex, 'light');
    await setTheme(sam, 'light');
    await shot(alex, 'group-light');
    await shot(sam, 'group-b-light');
    await sam.goto('/internal-chat');
    await sam.getByTestId('ichat-thread-list').waitFor();
    await shot(sam, 'list-light');
    await alex.getByTestId('ichat-new-group').click();
    await alex.getByTestId('ichat-group-dialog').waitFor();
    await shot(alex, 'new-group-light');
    await alex.keyboard.press('Escape');
    await setTheme(alex, 'dark');
    await setTheme(sam, 'dark');
  });

  it('the owner deletes the group after a confirmation; it disappears for the members', async () => {
    const groups = await apiCall<{ member: { id: number; name: string | null }[] }>({ token: await apiToken(ALEX), path: '/api/internal_chat_threads?search=Workshop' });
    const groupId = groups.json.member.find((g) => g.name === 'Workshop crew')!.id;
    await alex.goto(`/internal-chat/${groupId}`);
    await messageBubble(alex, 'Team meeting').waitFor();
    await threadRow(sam, groupId).click();
    await messageBubble(sam, 'Team meeting').waitFor();
    await alex.getByTestId('ichat-thread-menu').click();
    await alex.getByTestId('ichat-menu-delete').click();
    await alex.getByTestId('confirm-dialog').waitFor();
    await shot(alex, 'delete-confirm-dark');
    await alex.getByTestId('confirm-dialog-confirm').click();
    await expectPath(alex, '/internal-chat');
    await waitUntil(async () => (await threadRow(sam, groupId).count()) === 0, 'the group leaves B list');
    // B had it open: the chat says it is gone.
    await sam.getByTestId('ichat-unavailable').waitFor({ timeout: 15_000 });
    await shot(sam, 'deleted-b-dark');
    expect((await apiCall({ token: await apiToken(SAM), path: `/api/internal_chat_threads/${groupId}` })).status).toBe(404);
  });
});
