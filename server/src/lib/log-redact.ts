import type { FastifyRequest } from 'fastify';

/**
 * Query parameters whose values are secrets. Mercure lets subscribers pass their token as `?authorization=`
 * (EventSource cannot send headers), and webhooks/links carry signatures and codes: none of it may reach the logs.
 */
const SENSITIVE_QUERY_PARAMS = new Set([
  'authorization',
  'token',
  'access_token',
  'refresh_token',
  'id_token',
  'jwt',
  'sig',
  'signature',
  'code',
  'password',
  'secret',
  'api_key',
  'apikey',
  'key',
]);

function decodeName(raw: string): string {
  try {
    return decodeURIComponent(raw.replace(/\+/g, ' ')).toLowerCase();
  } catch {
    return raw.toLowerCase();
  }
}

/** `url` with the values of sensitive query parameters replaced by `[redacted]`; everything else is kept as sent. */
export function redactUrl(url: string): string {
  const q = url.indexOf('?');
  if (q < 0) return url;
  const pairs = url
    .slice(q + 1)
    .split('&')
    .map((pair) => {
      const eq = pair.indexOf('=');
      const name = eq < 0 ? pair : pair.slice(0, eq);
      return eq >= 0 && SENSITIVE_QUERY_PARAMS.has(decodeName(name)) ? `${name}=[redacted]` : pair;
    });
  return `${url.slice(0, q)}?${pairs.join('&')}`;
}

/** Fastify's default request serializer with the URL redacted (every log line that carries `req` uses it). */
export const logSerializers = {
  req(request: FastifyRequest) {
    const version = request.headers?.['accept-version'];
    return {
      method: request.method,
      url: redactUrl(request.url),
      version: Array.isArray(version) ? version[0] : version,
      host: request.host,
      remoteAddress: request.ip,
      remotePort: request.socket?.remotePort,
    };
  },
};
