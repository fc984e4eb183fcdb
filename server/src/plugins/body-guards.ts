import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../lib/errors';
import { hasNul, NUL_MESSAGE } from '../lib/nul-text';

/** Deeper than any body the API describes (the deepest is about 5), far below what would strain a stack. */
export const MAX_JSON_DEPTH = 32;

const OPEN_BRACE = 0x7b;
const OPEN_BRACKET = 0x5b;
const CLOSE_BRACE = 0x7d;
const CLOSE_BRACKET = 0x5d;
const QUOTE = 0x22;
const BACKSLASH = 0x5c;

/**
 * One linear pass over JSON text before it is parsed: refuses nesting deeper than `maxDepth` and strings holding
 * `\u0000` (PostgreSQL text cannot store NUL). Malformed text is left for JSON.parse to report. No recursion, so
 * hostile input cannot exhaust the stack, and the cost is one look at each character whatever the shape.
 */
export function scanJsonText(text: string, maxDepth = MAX_JSON_DEPTH): 'ok' | 'too_deep' | 'nul' | 'unpaired_surrogate' {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === BACKSLASH) {
        // An escape: `\u0000` is a NUL; a `\uD800`-style half of a surrogate pair must be followed by its other half
        // (an unpaired one is not Unicode text: it cannot be stored or sent on). Any other escape is skipped whole.
        if (text.charCodeAt(i + 1) === 0x75 /* u */) {
          const unit = hexUnit(text, i + 2);
          if (unit === 0) return 'nul';
          if (unit >= 0xd800 && unit <= 0xdbff) {
            const next = text.charCodeAt(i + 6) === BACKSLASH && text.charCodeAt(i + 7) === 0x75 ? hexUnit(text, i + 8) : -1;
            if (next < 0xdc00 || next > 0xdfff) return 'unpaired_surrogate';
            i += 11;
            continue;
          }
          if (unit >= 0xdc00 && unit <= 0xdfff) return 'unpaired_surrogate';
          i += 5;
          continue;
        }
        i++;
      } else if (c === QUOTE) inString = false;
      else if (c === 0) return 'nul';
    } else if (c === QUOTE) inString = true;
    else if (c === OPEN_BRACE || c === OPEN_BRACKET) {
      if (++depth > maxDepth) return 'too_deep';
    } else if (c === CLOSE_BRACE || c === CLOSE_BRACKET) depth--;
  }
  return 'ok';
}

/** The UTF-16 unit of a `\\uXXXX` escape whose hex digits start at `at`, or -1 when they are not four hex digits. */
function hexUnit(text: string, at: number): number {
  const hex = text.slice(at, at + 4);
  return /^[0-9a-fA-F]{4}$/.test(hex) ? parseInt(hex, 16) : -1;
}

function refuseNul(): AppError {
  return new AppError('bad_request', NUL_MESSAGE);
}

/** NUL in query or path values; flat by construction (strings or arrays of strings), so one loop suffices. */
function assertFlatValuesClean(values: unknown): void {
  if (!values || typeof values !== 'object') return;
  for (const [key, value] of Object.entries(values)) {
    if (hasNul(key)) throw refuseNul();
    if (typeof value === 'string' ? hasNul(value) : Array.isArray(value) && value.some((v) => typeof v === 'string' && hasNul(v)))
      throw refuseNul();
  }
}

/**
 * Every request body goes through here before any route sees it: JSON (plain, JSON-LD, merge-patch) is scanned
 * for depth and NUL before parsing, forms for NUL, and query/path values for NUL. Multipart text fields are
 * checked by the one multipart reader (lib/multipart-form.ts), since the plugin leaves them unparsed.
 * Routes that need raw bytes (signed webhooks) register their own parser in their own scope.
 */
async function bodyGuards(app: FastifyInstance) {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser(
    ['application/json', 'application/merge-patch+json', 'application/ld+json'],
    { parseAs: 'string' },
    (req, body, done) => {
      const verdict = scanJsonText(body as string);
      if (verdict === 'too_deep') return done(new AppError('bad_request', `The JSON body is nested too deeply (at most ${MAX_JSON_DEPTH} levels).`), undefined);
      if (verdict === 'nul') return done(refuseNul(), undefined);
      if (verdict === 'unpaired_surrogate') return done(new AppError('bad_request', 'Text may not contain unpaired surrogates (\\uD800–\\uDFFF on their own): it is not valid Unicode.'), undefined);
      parseJson(req, body as string, done);
    },
  );

  // Provider webhooks post forms; repeated names become arrays (the signature check needs every value).
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, body, done) => {
    const out: Record<string, string | string[]> = Object.create(null);
    for (const [k, v] of new URLSearchParams(body as string)) {
      if (hasNul(k) || hasNul(v)) return done(refuseNul(), undefined);
      const prev = out[k];
      // Appending in place: a form repeating one name thousands of times stays linear.
      if (prev === undefined) out[k] = v;
      else if (Array.isArray(prev)) prev.push(v);
      else out[k] = [prev, v];
    }
    done(null, { ...out });
  });

  app.addHook('preValidation', async (request: FastifyRequest) => {
    assertFlatValuesClean(request.query);
    assertFlatValuesClean(request.params);
    // text/plain (Fastify's built-in parser) arrives as one string.
    if (typeof request.body === 'string' && hasNul(request.body)) throw refuseNul();
  });
}

export const bodyGuardsPlugin = fp(bodyGuards, { name: 'body-guards' });
