/** Why a download stopped: the provider's file is bigger than allowed, or the connection broke mid-way. */
export class BodyLimitError extends Error {
  constructor(
    readonly kind: 'too_large' | 'interrupted',
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}

/**
 * Reads a fetch response body into memory without ever holding more than `maxBytes`: the declared length is
 * checked first, then the running total while streaming; past the limit the request is aborted.
 */
export async function readLimitedBody(opts: { res: Response; maxBytes: number; abort: () => void }): Promise<Buffer> {
  const { res, maxBytes } = opts;
  const declared = Number(res.headers.get('content-length'));
  if (Number.isFinite(declared) && declared > maxBytes) {
    opts.abort();
    throw new BodyLimitError('too_large', `${declared} bytes exceeds the ${maxBytes}-byte limit`);
  }
  const chunks: Buffer[] = [];
  let total = 0;
  if (!res.body) return Buffer.alloc(0);
  const reader = res.body.getReader();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      total += value.byteLength;
      if (total > maxBytes) {
        opts.abort();
        throw new BodyLimitError('too_large', `exceeds the ${maxBytes}-byte limit`);
      }
      chunks.push(Buffer.from(value.buffer, value.byteOffset, value.byteLength));
    }
  } catch (err) {
    if (err instanceof BodyLimitError) throw err;
    throw new BodyLimitError('interrupted', `download interrupted: ${(err as Error).message}`, { cause: err });
  } finally {
    reader.releaseLock();
  }
  return Buffer.concat(chunks, total);
}
