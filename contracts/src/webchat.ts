import { z } from 'zod';
import { ZPhoneSchema } from './company';
import { hasControlCharacter } from './query';

/**
 * Website chat (issue 21, docs/webchat.md): a company's embeddable widget. Visitors talk through the public API
 * under /api/public/webchat (a visitor token, no sign-in); staff configure the widget under /api/webchat/settings.
 */

export const WEBCHAT_LIMITS = {
  /** A visitor message, in characters. */
  messageLength: 1000,
  /** Links in one visitor message (spam guard). */
  linksPerMessage: 2,
  /** The first message may not come sooner than this after the session started (a script, not a person). */
  minMsToFirstMessage: 1500,
  greetingLength: 300,
  /** The automated welcome reply to a visitor's first message. */
  welcomeLength: 500,
  allowedOrigins: 20,
  /** Visitor messages per token per minute, and per IP per minute (all tokens). */
  messagesPerTokenPerMinute: 10,
  messagesPerIpPerMinute: 30,
  /** New sessions per IP per 10 minutes. */
  sessionsPerIpPer10Minutes: 20,
  /** Messages a visitor's list returns (newest ones). */
  listMax: 100,
} as const;

/** Messages the API answers with (the widget shows its own translated text for the codes it knows). */
export const WEBCHAT_MESSAGES = {
  disabled: 'The chat is not available.',
  originNotAllowed: 'This website may not use the chat.',
  tooMany: 'Too many messages. Try again later.',
  tooSoon: 'Please wait a moment before sending.',
  tooManyLinks: 'Too many links in one message.',
  session: 'The chat session is not valid.',
  consent: 'Agree to receive text messages to continue by text.',
} as const;

/** An exact web origin: scheme, host and optional port, nothing else (no path, no trailing slash, no wildcard). */
export const WEBCHAT_ORIGIN_RE = /^https?:\/\/(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*(?::\d{1,5})?$/;

const ZOriginSchema = z
  .string()
  .trim()
  .toLowerCase()
  .max(253)
  .refine((v) => WEBCHAT_ORIGIN_RE.test(v), 'An origin is scheme://host[:port], e.g. https://www.example.com.');

export const ZWebchatSettingsSchema = z.object({
  enabled: z.boolean(),
  widgetKey: z.string(),
  allowedOrigins: z.array(z.string()),
  greeting: z.string(),
  color: z.string(),
  /** Answer a visitor's first message with the welcome reply (stored like any outbound message; the agent sees it). */
  welcomeEnabled: z.boolean(),
  /** The company's own welcome text; empty means `welcomeDefault`. */
  welcomeMessage: z.string(),
  /** The default welcome text, in the company's language. */
  welcomeDefault: z.string(),
  updatedAt: z.string().nullable(),
});
export type TWebchatSettings = z.infer<typeof ZWebchatSettingsSchema>;

export const ZWebchatSettingsPatchSchema = z.strictObject({
  enabled: z.boolean().optional(),
  allowedOrigins: z.array(ZOriginSchema).max(WEBCHAT_LIMITS.allowedOrigins, `At most ${WEBCHAT_LIMITS.allowedOrigins} origins.`).optional(),
  greeting: z
    .string()
    .trim()
    .max(WEBCHAT_LIMITS.greetingLength, `At most ${WEBCHAT_LIMITS.greetingLength} characters.`)
    .refine((v) => !hasControlCharacter(v), 'This value holds a control character.')
    .optional(),
  color: z
    .string()
    .trim()
    .regex(/^#[0-9a-fA-F]{6}$/, 'A colour is #RRGGBB.')
    .optional(),
  welcomeEnabled: z.boolean().optional(),
  welcomeMessage: z
    .string()
    .trim()
    .max(WEBCHAT_LIMITS.welcomeLength, `At most ${WEBCHAT_LIMITS.welcomeLength} characters.`)
    .refine((v) => !hasControlCharacter(v.replace(/[\n\t]/g, ' ')), 'This value holds a control character.')
    .optional(),
  /** Issue a new widget key (the old embed snippet stops working). */
  rotateKey: z.literal(true).optional(),
});
export type TWebchatSettingsPatch = z.infer<typeof ZWebchatSettingsPatchSchema>;

/** Widget key as it appears in the embed snippet. */
export const WIDGET_KEY_RE = /^wk_[A-Za-z0-9_-]{16,64}$/;

export const ZWebchatStartSchema = z.strictObject({ key: z.string().regex(WIDGET_KEY_RE, 'Unknown widget.') });

/** What a visitor's widget gets at start: its token (keep it in sessionStorage) and the company's look. */
export const ZWebchatSessionSchema = z.object({
  token: z.string(),
  companyName: z.string(),
  greeting: z.string(),
  color: z.string(),
  startedAt: z.string(),
});
export type TWebchatSession = z.infer<typeof ZWebchatSessionSchema>;

const ZVisitorTextSchema = z
  .string()
  .trim()
  .min(1, 'This value should not be blank.')
  .max(WEBCHAT_LIMITS.messageLength, `At most ${WEBCHAT_LIMITS.messageLength} characters.`)
  // Newlines and tabs are text; other control characters are not.
  .refine((v) => !hasControlCharacter(v.replace(/[\n\t]/g, ' ')), 'This value holds a control character.');

export const ZWebchatSendSchema = z.strictObject({
  body: ZVisitorTextSchema,
  /** Honeypot: a hidden field a person never fills. Anything here and the message is dropped silently. */
  website: z.string().max(200).optional(),
});
export type TWebchatSend = z.infer<typeof ZWebchatSendSchema>;

export const ZWebchatPhoneSchema = z.strictObject({
  phone: ZPhoneSchema,
  /** The visitor agreed to receive text messages from the company. */
  consent: z.literal(true, WEBCHAT_MESSAGES.consent),
});
export type TWebchatPhone = z.infer<typeof ZWebchatPhoneSchema>;

/** A message as the visitor sees it: no staff names, no status details beyond what a chat shows. */
export const ZWebchatMessageSchema = z.object({
  id: z.number().int(),
  direction: z.enum(['INBOUND', 'OUTBOUND']),
  body: z.string(),
  createdAt: z.string(),
});
export type TWebchatMessage = z.infer<typeof ZWebchatMessageSchema>;

export const ZWebchatMessageListSchema = z.object({ messages: z.array(ZWebchatMessageSchema), phoneLeft: z.boolean() });
export type TWebchatMessageList = z.infer<typeof ZWebchatMessageListSchema>;

/** The live event entity the visitor's stream carries (one per agent reply). */
export const WEBCHAT_LIVE_ENTITY = 'webchat_message';

/** The snippet a company pastes into its pages. */
export function webchatEmbedSnippet(opts: { origin: string; widgetKey: string }): string {
  return `<script src="${opts.origin}/widget/v1.js" data-key="${opts.widgetKey}" async></script>`;
}

/** Counts http(s) links and bare www. addresses (spam guard). */
export function countLinks(text: string): number {
  return (text.match(/\bhttps?:\/\/|\bwww\./gi) ?? []).length;
}
