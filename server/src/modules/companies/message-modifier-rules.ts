import { findModifierProblem, isModifierField } from '@cd/contracts/message-modifiers';
import type { TViolation } from '../../lib/errors';

/**
 * Modifier rules of the automated texts (spec part 2 §5): each text the patch touches is checked as it will be stored
 * (the merged group), so texts saved before a rule existed do not block unrelated edits. The message is a catalogue
 * key; the browser runs the same contracts check to name the modifier.
 */
export function findModifierViolations(opts: { patch: Record<string, unknown>; merged: Record<string, unknown> }): TViolation[] {
  const violations: TViolation[] = [];
  for (const [group, groupPatch] of Object.entries(opts.patch)) {
    const stored = opts.merged[group];
    if (!groupPatch || typeof groupPatch !== 'object' || !stored || typeof stored !== 'object') continue;
    for (const key of Object.keys(groupPatch)) {
      const field = `${group}.${key}`;
      if (!isModifierField(field)) continue;
      const text = (stored as Record<string, unknown>)[key];
      const problem = findModifierProblem({ field, text: typeof text === 'string' ? text : null });
      if (problem) violations.push({ propertyPath: field, message: problem.message });
    }
  }
  return violations;
}
