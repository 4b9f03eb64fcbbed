import { pushApi } from './push-api';
import { currentSubscription } from './push-subscription';

/** Sign-out waits this long at most for the server; the browser's subscription is dropped either way. */
const SERVER_WAIT_MS = 3_000;

/**
 * Called on "Sign out", while the sign-in still holds: removes this device from the person's push
 * devices on the server and drops the browser's subscription, so the next person to use this browser
 * gets none of their notifications. Best effort and bounded: sign-out never waits on it for long or fails
 * because of it (the push service refuses a dropped subscription, and the server forgets it then).
 */
export async function forgetThisDevice(): Promise<void> {
  const subscription = await currentSubscription().catch(() => null);
  if (!subscription) return;
  const removeOnServer = async () => {
    const { devices } = await pushApi.list();
    const mine = devices.find((device) => device.endpoint === subscription.endpoint);
    if (mine) await pushApi.remove(mine.id);
  };
  let timer: ReturnType<typeof setTimeout> | undefined;
  await Promise.race([
    removeOnServer().catch(() => undefined),
    new Promise<void>((resolve) => {
      timer = setTimeout(resolve, SERVER_WAIT_MS);
    }),
  ]);
  clearTimeout(timer);
  await subscription.unsubscribe().catch(() => false);
}
