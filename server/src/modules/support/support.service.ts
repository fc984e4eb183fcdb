import { randomBytes } from 'node:crypto';
import { SUPPORT_LIMITS, SUPPORT_MESSAGES, type TSupportInfo, type TSupportRequest } from '@cd/contracts/support';
import type { TRequestContext } from '../../context';
import { runInScope } from '../../db/client';
import { AppError } from '../../lib/errors';
import { WindowCounter } from '../../lib/rate-limiter';
import { findCompany } from '../companies/companies.api';

/** Questions one user may send per hour (spec: the support address is a person's mailbox, not a queue). */
export const SUPPORT_MAX_PER_HOUR = 5;

export function getSupportInfo(opts: { ctx: TRequestContext }): TSupportInfo {
  const { support } = opts.ctx.config;
  return { enabled: Boolean(support.email), helpLinks: support.helpLinks };
}

/** One line of context: control characters (CR/LF included) become spaces, so nothing a browser sends breaks the layout. */
const oneLine = (v: string | undefined | null, max = 500) =>
  (v ?? '')
    .replace(/[\p{Cc}\u2028\u2029]+/gu, ' ')
    .trim()
    .slice(0, max);

const PAGE_BASE = 'https://app.invalid';
export const PAGE_NOT_SAME_SITE = 'The page must be a path of this site (like /inbox?tab=open).';

/**
 * The page the user came from, as sent by the browser: a path of this site and nothing else (no scheme, host or
 * protocol-relative `//host`, no backslash a browser would read as a slash, printable ASCII only as browsers encode
 * paths, at most SUPPORT_LIMITS.page characters). null when absent; throws 422 for anything else.
 */
export function sameSitePathOf(page: string | undefined): string | null {
  if (page === undefined || page === '') return null;
  const refuse = () => new AppError('validation_failed', PAGE_NOT_SAME_SITE, [{ propertyPath: 'page', message: PAGE_NOT_SAME_SITE }]);
  if (page.length > SUPPORT_LIMITS.page || !/^\/(?![/\\])[\x21-\x7e]*$/.test(page) || page.includes('\\')) throw refuse();
  let url: URL;
  try {
    url = new URL(page, PAGE_BASE);
  } catch {
    throw refuse();
  }
  if (url.origin !== PAGE_BASE) throw refuse();
  return page;
}

/**
 * Mails the user's question with its context to SUPPORT_EMAIL, replies going to the user. Counted per real user
 * (an impersonating admin asks as themself) before anything is awaited, so parallel requests cannot pass the limit.
 * The counter is per API process (docs/operations.md "Support").
 */
export async function sendSupportRequest(opts: {
  ctx: TRequestContext;
  input: TSupportRequest;
  limiter: WindowCounter;
  headerUserAgent: string | undefined;
}): Promise<{ reference: string }> {
  const { ctx, input, limiter } = opts;
  const to = ctx.config.support.email;
  if (!to) throw new AppError('validation_failed', SUPPORT_MESSAGES.notConfigured);
  // Checked before the rate limit counts the request: a refused page costs the user no attempt.
  const page = sameSitePathOf(input.page);
  const { user, realUser, impersonating } = ctx.actor;
  const key = `support:${realUser.id}`;
  if (limiter.add(key) > SUPPORT_MAX_PER_HOUR)
    throw new AppError('rate_limited', SUPPORT_MESSAGES.tooMany, undefined, { 'retry-after': String(limiter.retryAfterSeconds(key)) });

  const company = user.companyId === null ? null : await runInScope(ctx.db, { companyId: user.companyId }, (tx) => findCompany(tx, user.companyId!));
  const reference = `SUP-${randomBytes(5).toString('hex').toUpperCase()}`;
  const nameOf = (u: typeof user) => oneLine(`${u.firstName} ${u.lastName}`) || u.email;
  const lines = [
    input.message,
    '',
    '-- ',
    `Reference: ${reference}`,
    `Company: ${company ? `${oneLine(company.name)} (id ${company.id})` : 'none'}`,
    `User: ${nameOf(user)} <${user.email}> (id ${user.id})`,
    `Roles: ${user.roles.join(', ')}`,
    impersonating ? `Impersonated by: ${nameOf(realUser)} <${realUser.email}> (id ${realUser.id})` : 'Impersonation: no',
    `App revision: ${ctx.config.revision}`,
    `Page: ${page ?? '-'}`,
    `Browser: ${oneLine(input.userAgent ?? opts.headerUserAgent) || '-'}`,
    `Viewport: ${oneLine(input.viewport, 40) || '-'}`,
    `Time: ${new Date().toISOString()}`,
  ];
  await ctx.mailer.send({
    to,
    replyTo: realUser.email,
    // The schema refuses control characters in the subject; stripping them again keeps headers safe whatever calls this.
    subject: `[${reference}] ${oneLine(input.subject, 200)}`,
    text: lines.join('\n'),
  });
  return { reference };
}
