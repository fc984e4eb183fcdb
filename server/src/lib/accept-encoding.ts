/** The content codings this server produces, best first. */
export type TContentCoding = 'br' | 'gzip';

/**
 * Picks the best coding a client accepts from an `Accept-Encoding` header (RFC 9110 §12.5.3): brotli before gzip,
 * a coding with `q=0` refused, `*` standing for any coding not named. Undefined means identity.
 */
export function pickContentCoding(opts: { acceptEncoding: string | string[] | undefined }): TContentCoding | undefined {
  const header = [opts.acceptEncoding ?? []].flat().join(',');
  if (!header) return undefined;
  const weights = new Map<string, number>();
  for (const part of header.split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    if (!name) continue;
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    const weight = q === undefined ? 1 : Number(q.slice(2));
    weights.set(name, Number.isFinite(weight) ? weight : 0);
  }
  const weightOf = (coding: TContentCoding) => weights.get(coding) ?? weights.get('*') ?? 0;
  const best = (['br', 'gzip'] as const).filter((c) => weightOf(c) > 0).sort((a, b) => weightOf(b) - weightOf(a));
  return best[0];
}
