import { useEffect } from 'react';
import { useCurrentUser } from '../../../lib/current-user';
import { readStorage, STORAGE_KEYS } from '../../../lib/storage-keys';
import { fetchPushPublicKey } from '../api/get-push-public-key';
import { removePushSubscription } from '../api/remove-push-subscription';
import { savePushSubscription } from '../api/save-push-subscription';
import { openNotificationLink } from '../lib/open-notification';
import { applicationServerKeyBytes, pushRegistrationMode, sameServerKey, toSubscriptionInput } from '../lib/push';

/** The service worker that shows pushes (web/public/sw.js), served from the site root so its scope is the whole app. */
export const SERVICE_WORKER_URL = '/sw.js';

function pushSupported(): boolean {
  return typeof window !== 'undefined' && 'serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window;
}

async function subscribe(): Promise<void> {
  const registration = await navigator.serviceWorker.register(SERVICE_WORKER_URL, { scope: '/' });
  // Permission is asked only here: push is on in the user's settings and this is the real user.
  const permission = Notification.permission === 'default' ? await Notification.requestPermission() : Notification.permission;
  if (permission !== 'granted') return;
  const { publicKey } = await fetchPushPublicKey();
  let subscription = await registration.pushManager.getSubscription();
  // Made for another server key (another deployment, or keys replaced): the push service would refuse our pushes.
  if (subscription && !sameServerKey(subscription.options.applicationServerKey, publicKey)) {
    await subscription.unsubscribe();
    subscription = null;
  }
  subscription ??= await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: applicationServerKeyBytes(publicKey) });
  const input = toSubscriptionInput(subscription.toJSON());
  if (input) await savePushSubscription(input);
}

async function unsubscribe(): Promise<void> {
  const registration = await navigator.serviceWorker.getRegistration('/');
  const subscription = await registration?.pushManager.getSubscription();
  if (!subscription) return;
  await removePushSubscription(subscription.endpoint).catch(() => undefined);
  await subscription.unsubscribe();
}

/**
 * Web push for the signed-in user: subscribes this browser when `notificationSettings.push` is on (asking for
 * permission only then), removes the subscription when it is turned off, and does nothing at all while
 * impersonating (spec part 1 §6). Also opens what a clicked push message points at, inside the running app.
 */
export function usePushRegistration(): void {
  const me = useCurrentUser();
  const supported = pushSupported();
  const mode = pushRegistrationMode({
    push: me.notificationSettings.push,
    impersonating: !!me.impersonator || !!readStorage(STORAGE_KEYS.impersonate),
    hasCompany: me.companyData !== null,
    supported,
  });

  useEffect(() => {
    if (mode === 'idle') return;
    (mode === 'subscribe' ? subscribe() : unsubscribe()).catch((err: unknown) => console.warn('web push registration failed', err));
  }, [mode, me.id]);

  useEffect(() => {
    if (!supported) return;
    const onMessage = (e: MessageEvent) => {
      const data = e.data as { type?: string; url?: string } | null;
      if (data?.type === 'open-notification') openNotificationLink(data.url);
    };
    navigator.serviceWorker.addEventListener('message', onMessage);
    return () => navigator.serviceWorker.removeEventListener('message', onMessage);
  }, [supported]);
}
