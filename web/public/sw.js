/*
 * Service worker of the staff app: shows web push messages (staff notifications) and opens what they point at.
 * Served from the site root so its scope covers the whole app. It handles no fetches: the app works as without it.
 * Payload (server: modules/notifications): {"title", "body", "url" (an app path), "tag"}.
 */
self.addEventListener('install', () => self.skipWaiting());
self.addEventListener('activate', (event) => event.waitUntil(self.clients.claim()));

self.addEventListener('push', (event) => {
  let data;
  try {
    data = event.data ? event.data.json() : {};
  } catch {
    data = { body: event.data ? event.data.text() : '' };
  }
  const title = typeof data.title === 'string' && data.title ? data.title : 'Courier Desk';
  event.waitUntil(
    self.registration.showNotification(title, {
      body: typeof data.body === 'string' ? data.body : '',
      tag: typeof data.tag === 'string' ? data.tag : undefined,
      icon: '/favicon.svg',
      data: { url: typeof data.url === 'string' ? data.url : '/' },
    }),
  );
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const raw = (event.notification.data && event.notification.data.url) || '/';
  const target = new URL(raw, self.location.origin);
  const path = target.origin === self.location.origin ? target.pathname + target.search + target.hash : '/';
  event.waitUntil(
    (async () => {
      const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
      const open = windows.find((w) => new URL(w.url).origin === self.location.origin);
      if (open) {
        // The running app moves there itself (no reload); see usePushRegistration.
        await open.focus();
        open.postMessage({ type: 'open-notification', url: path });
        return;
      }
      await self.clients.openWindow(path);
    })(),
  );
});
