import { Link } from 'react-router';
import { Compass } from 'lucide-react';
import { AuthLayout } from '../auth/components/auth-layout';
import { StatusScreen } from '../auth/components/status-screen';
import { useT } from '../i18n';
import { usePageTitle } from '../lib/use-page-title';
import { Button } from '../ui/button';

export function NotFoundPage() {
  const { t } = useT();
  usePageTitle(t('Page Not Found'));
  return (
    <AuthLayout>
      <StatusScreen
        icon={Compass}
        tone="info"
        title={t('Page Not Found')}
        actions={
          <Button asChild size="lg">
            <Link to="/">{t('Go Home')}</Link>
          </Button>
        }
      >
        <p>{t('The page you are looking for does not exist or has moved.')}</p>
      </StatusScreen>
    </AuthLayout>
  );
}
