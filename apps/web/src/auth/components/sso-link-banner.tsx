import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ssoApi } from '../../api/sso-api';
import { errorMessage } from '../../api/api-error';
import { useT } from '../../i18n';
import { Alert } from '../../ui/alert';
import { Button } from '../../ui/button';
import { toast } from '../../ui/toast';

const LINK_KEY = ['sso-link'];

/**
 * `/auth/login?sso_link=1`: a provider's sign-in found an account with its email. The person proves
 * the account is theirs by signing in to it here (the sign-in then links it, see sso-link.ts), or
 * cancels the link.
 */
export function SsoLinkBanner() {
  const { t } = useT();
  const queryClient = useQueryClient();
  const link = useQuery({ queryKey: LINK_KEY, queryFn: ssoApi.pendingLink, retry: false });
  const cancel = useMutation({
    mutationFn: ssoApi.cancelLink,
    onSuccess: () => queryClient.setQueryData(LINK_KEY, null),
    onError: (error) => toast.error(errorMessage(error, t('Could not cancel linking'))),
  });
  const pending = link.data;
  if (!pending) return null;
  return (
    <Alert tone="info" className="mb-5">
      <p>
        {t('An account with {{email}} already exists. Sign in with its password or a magic link to link your {{provider}} sign-in.', {
          email: pending.email,
          provider: pending.provider.name,
        })}
      </p>
      <Button variant="ghost" size="sm" className="-ms-2 mt-1" onClick={() => cancel.mutate()} loading={cancel.isPending}>
        {t('Cancel')}
      </Button>
    </Alert>
  );
}
