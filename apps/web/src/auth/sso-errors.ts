import { t } from '../i18n';

/**
 * What the sign-in page says for `?sso_error=<code>` (SSO_ERROR_CODES): what happened and what to do,
 * never the code itself. A code this page does not know gets the general message.
 */
export function ssoErrorMessage(code: string): string {
  switch (code) {
    case 'access_denied':
      return t('Sign-in was cancelled at your provider.');
    case 'state_mismatch':
      return t('That sign-in link was already used or came from another browser. Please try again.');
    case 'code_rejected':
      return t("Your provider's sign-in expired. Please try again.");
    case 'provider_unavailable':
      return t('Your sign-in provider could not be reached. Please try again in a moment.');
    case 'email_not_verified':
      return t("Your provider has not verified your email address, so we can't sign you in with it.");
    case 'email_missing':
      return t("Your provider did not share your email address, so we can't sign you in with it.");
    case 'domain_not_allowed':
      return t("Accounts with this email domain can't sign in here.");
    case 'unknown_provider':
      return t('This sign-in provider is not available here.');
    case 'sign_up_closed':
      return t('There is no account with this email address, and new accounts need an invitation.');
    default:
      return t('Signing in with your provider did not work. Please try again.');
  }
}
