import { useState } from 'react';
import { toast } from '../../ui/toast';
import { AUTH_ERRORS, RESEND_COOLDOWN_S } from '@agentroom/shared';
import { errorMessage } from '../../api/api-error';
import { useT } from '../../i18n';
import { useCountdown } from '../../lib/use-countdown';
import { Button, type ButtonProps } from '../../ui/button';
import { useAuth } from '../auth-context';

/**
 * Sends another verification mail, then waits 60 s ('Resend in {n}s') before allowing the next.
 * Errors are toasts: the screen around it stays as it is.
 */
export function ResendVerificationButton({
  variant = 'primary',
  label,
  next,
}: Pick<ButtonProps, 'variant'> & { label?: string; /** Where the new mail's link returns to. */ next?: string }) {
  const { t } = useT();
  const { resendVerification } = useAuth();
  const { secondsLeft, running, start } = useCountdown();
  const [sending, setSending] = useState(false);

  async function resend() {
    setSending(true);
    try {
      await resendVerification(next);
      toast.success(t('Verification email sent'), { description: t('Check your inbox for the new link.') });
      start(RESEND_COOLDOWN_S);
    } catch (error) {
      toast.error(errorMessage(error, AUTH_ERRORS.resendVerificationFailed));
    } finally {
      setSending(false);
    }
  }

  return (
    <Button variant={variant} size="lg" className="w-full" onClick={resend} loading={sending} disabled={running}>
      {running ? t('Resend in {{seconds}}s', { seconds: secondsLeft }) : (label ?? t('Resend Verification Email'))}
    </Button>
  );
}
