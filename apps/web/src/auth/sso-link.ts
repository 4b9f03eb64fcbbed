import { errorMessage } from '../api/api-error';
import { ssoApi } from '../api/sso-api';
import { t } from '../i18n';
import { flashToast } from './flash-toast';

/**
 * After any sign-in that proves the account (password, magic link): a provider sign-in waiting in this
 * browser to be linked to it is linked now, and the next page says so. A refusal (403: the waiting
 * sign-in is for another account) shows its message; the session stays either way.
 */
export async function linkPendingSso(): Promise<void> {
  let pending;
  try {
    pending = await ssoApi.pendingLink();
  } catch {
    // Nothing can be known about a link without an answer; signing in has worked all the same.
    return;
  }
  if (!pending) return;
  try {
    const linked = await ssoApi.confirmLink();
    flashToast('success', t('Your {{provider}} sign-in is linked.', { provider: linked.provider.name }));
  } catch (error) {
    flashToast('error', errorMessage(error, t('Your {{provider}} sign-in could not be linked.', { provider: pending.provider.name })));
  }
}
