import { Link } from 'react-router';
import { Compass } from 'lucide-react';
import { AuthLayout } from '../auth/components/auth-layout';
import { StatusScreen } from '../auth/components/status-screen';
import { usePageTitle } from '../lib/use-page-title';
import { Button } from '../ui/button';

export function NotFoundPage() {
  usePageTitle('Page Not Found');
  return (
    <AuthLayout>
      <StatusScreen
        icon={Compass}
        tone="info"
        title="Page Not Found"
        actions={
          <Button asChild size="lg">
            <Link to="/">Go Home</Link>
          </Button>
        }
      >
        <p>The page you are looking for does not exist or has moved.</p>
      </StatusScreen>
    </AuthLayout>
  );
}
