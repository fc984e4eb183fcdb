import { createServer, type Server } from 'node:http';

/**
 * A local real-estate site for the listings e2e: `/homes/{slug}` answers a page carrying Open Graph and schema.org
 * data the server's "generate from URL" reads; anything else is a 404. The server's SSRF-safe fetch refuses
 * loopback addresses, so the e2e server is started with this site's host on the test-only allow-list.
 */
export interface TFakeListingSite {
  baseUrl: string;
  /** host:port, the form the allow-list takes. */
  host: string;
  close: () => Promise<void>;
}

export const FAKE_LISTING = {
  slug: '12-maple-street',
  name: '12 Maple Street',
  location: 'Springfield, IL',
  priceDollars: '389000',
  photoPath: '/photos/maple.jpg',
} as const;

function pageHtml(baseUrl: string): string {
  const l = FAKE_LISTING;
  const jsonLd = {
    '@context': 'https://schema.org',
    '@type': 'SingleFamilyResidence',
    name: l.name,
    address: { '@type': 'PostalAddress', addressLocality: 'Springfield', addressRegion: 'IL' },
    offers: { '@type': 'Offer', price: l.priceDollars, priceCurrency: 'USD' },
    image: `${baseUrl}${l.photoPath}`,
  };
  return `<!doctype html><html><head><meta charset="utf-8"><title>${l.name} | Fake Realty</title>
<meta property="og:title" content="${l.name}">
<meta property="og:image" content="${baseUrl}${l.photoPath}">
<meta property="og:description" content="Three bedrooms near the park.">
<meta property="product:price:amount" content="${l.priceDollars}">
<meta property="product:price:currency" content="USD">
<script type="application/ld+json">${JSON.stringify(jsonLd)}</script>
</head><body><h1>${l.name}</h1><p>${l.location}</p></body></html>`;
}

// A 1×1 PNG so the photo URL answers with an image.
const PIXEL = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');

export async function startFakeListingSite(): Promise<TFakeListingSite> {
  let baseUrl = '';
  const server: Server = createServer((req, res) => {
    const path = (req.url ?? '/').split('?')[0];
    if (path === `/homes/${FAKE_LISTING.slug}`) {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      res.end(pageHtml(baseUrl));
      return;
    }
    if (path === FAKE_LISTING.photoPath) {
      res.writeHead(200, { 'content-type': 'image/png' });
      res.end(PIXEL);
      return;
    }
    res.writeHead(404, { 'content-type': 'text/plain' });
    res.end('not found');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  baseUrl = `http://127.0.0.1:${port}`;
  return {
    baseUrl,
    host: `127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
