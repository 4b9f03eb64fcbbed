import { useNavigate } from 'react-router';
import { LogOut } from 'lucide-react';
import { useAuth } from '../auth-context';
import { Button } from '../../ui/button';

/** Signs out (the local session ends even if the call fails) and goes to the sign-in page. */
export function SignOutButton() {
  const { logout } = useAuth();
  const navigate = useNavigate();
  return (
    <Button
      variant="ghost"
      size="sm"
      onClick={async () => {
        await logout();
        navigate('/auth/login', { replace: true });
      }}
    >
      <LogOut aria-hidden="true" className="size-4" />
      Sign Out
    </Button>
  );
}
