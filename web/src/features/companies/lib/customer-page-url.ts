/** The QR code's target: the company's public opt-in page (served by this app at /c/{slug}). */
export function customerPageUrl(options: { origin: string; slug: string }): string {
  return `${options.origin.replace(/\/+$/, '')}/c/${encodeURIComponent(options.slug)}`;
}

/** Spec part 2 §9: the QR code downloads as {slug}.jpg. */
export function qrFileName(slug: string): string {
  return `${slug}.jpg`;
}

/** QR drawing options (spec part 2 §9): canvas width 256, margin 1. */
export const QR_OPTIONS = { width: 256, margin: 1 } as const;
