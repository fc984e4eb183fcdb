import { findModifierProblem, isModifierField } from '@cd/contracts/message-modifiers';
import { containsTextStop } from '@cd/contracts/company';
import { settingsMessageKey } from './company-choices';

export const WELCOME_STOP_KEY = 'welcome_message_should_contain_text_stop';
const MODIFIER_KEYS = new Set(['text_must_contain_modifier', 'text_has_unknown_modifier']);
/** Server messages of these settings that are not catalogue keys themselves. */
const SERVER_MESSAGES: Record<string, string> = {
  'Write a welcome message before enabling it.': 'welcome_message_required',
};

/**
 * Browser-side check of automated texts keyed by property path ("group.key", or "welcomeMessage"), with the same
 * contracts rules as the server; the values are catalogue keys, like the server's 422 messages.
 */
export function validateAutomatedTexts(texts: Record<string, string | null | undefined>): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const [path, text] of Object.entries(texts)) {
    if (path === 'welcomeMessage') {
      if (text && text.trim() !== '' && !containsTextStop(text)) errors[path] = WELCOME_STOP_KEY;
    } else if (isModifierField(path)) {
      const problem = findModifierProblem({ field: path, text });
      if (problem) errors[path] = problem.message;
    }
  }
  return errors;
}

/** The first error at a path or below it (a list's items report as "path.0"). */
export function errorAt(errors: Record<string, string>, path: string): { path: string; message: string } | undefined {
  if (errors[path]) return { path, message: errors[path] };
  const nested = Object.keys(errors).find((p) => p.startsWith(`${path}.`));
  return nested ? { path: nested, message: errors[nested]! } : undefined;
}

/**
 * Catalogue key and values for a field's error, from the browser check or the server's 422 alike. The modifier a
 * message names is worked out again from the text, with the same contracts function the server used.
 */
export function describeTextError(options: { path: string; message: string; text?: string | null }): {
  key: string;
  values?: Record<string, string>;
} {
  const { path, message, text } = options;
  if (MODIFIER_KEYS.has(message) && isModifierField(path)) {
    const problem = findModifierProblem({ field: path, text });
    return { key: problem?.message ?? message, values: { modifier: problem?.modifier ?? '' } };
  }
  return { key: SERVER_MESSAGES[message] ?? settingsMessageKey({ path, message }) };
}
