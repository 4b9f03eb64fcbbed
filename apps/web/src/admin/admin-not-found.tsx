import { Link } from 'react-router';
import { Compass } from 'lucide-react';
import { AuthLayout } from '../auth/components/auth-layout';
import { StatusScreen } from '../auth/components/status-screen';
import { useT } from '../i18n';
import { usePageTitle } from '../lib/use-page-title';
import { Button } from '../ui/button';

/**
 * The app's not-found page, word for word (app/not-found-page.tsx, which a feature may not import):
 * to anyone who is not an instance administrator the admin area does not exist (decision 0028).
 */
export function AdminNotFound() {
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
