/**
 * The two text helpers of the notification catalogues (notifications, routing, leads): each module keeps its own
 * words in four languages; these fill and trim them the same way everywhere.
 */

/** `{name}` placeholders replaced by their values; an unknown one becomes empty. */
export function fillPlaceholders(template: string, values: Record<string, string | number>): string {
  return template.replace(/\{(\w+)\}/g, (_, k: string) => String(values[k] ?? ''));
}

/** Keeps a text within `max` characters on one line, ending with an ellipsis when cut. */
export function shorten(text: string, max: number): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length <= max ? flat : `${flat.slice(0, max - 1).trimEnd()}…`;
}
