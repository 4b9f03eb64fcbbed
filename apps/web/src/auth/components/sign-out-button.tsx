import { useNavigate } from 'react-router';
import { LogOut } from 'lucide-react';
import { useT } from '../../i18n';
import { useAuth } from '../auth-context';
import { Button } from '../../ui/button';
import { cn } from '../../ui/cn';

/**
 * Signs out (the local session ends even if the call fails) and goes to the sign-in page. `iconOnly`
 * keeps the name 'Sign Out' for screen readers and as a tooltip, for tight places like the sidebar foot.
 */
export function SignOutButton({ iconOnly = false }: { iconOnly?: boolean }) {
  const { t } = useT();
  const { logout } = useAuth();
  const navigate = useNavigate();
  return (
    <Button
      variant="ghost"
      size="sm"
      aria-label={iconOnly ? t('Sign Out') : undefined}
      title={iconOnly ? t('Sign Out') : undefined}
      className={cn(iconOnly && 'size-8 shrink-0 px-0')}
      onClick={async () => {
        await logout();
        navigate('/auth/login', { replace: true });
      }}
    >
      <LogOut aria-hidden="true" className="size-4" />
      {!iconOnly && t('Sign Out')}
    </Button>
  );
}
