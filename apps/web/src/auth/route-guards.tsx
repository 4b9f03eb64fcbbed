import { Suspense, type ReactNode } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { tokenStorage } from '../api/token-storage';
import { PageSpinner } from '../ui/spinner';
import { useAuth } from './auth-context';
import { VerificationRequiredPage } from './pages/verification-required-page';

/**
 * Layout route for /, /p/* and /t/*: signed in and verified, or the login page (carrying where
 * the user was going), or the verification-required screen. `alongside` is mounted once beside the
 * pages while the user is signed in and verified.
 */
export function RequireVerifiedUser({ alongside }: { alongside?: ReactNode }) {
  const auth = useAuth();
  const location = useLocation();
  if (auth.isLoading) return <PageSpinner />;
  if (!auth.isAuthenticated) {
    const from = `${location.pathname}${location.search}${location.hash}`;
    return <Navigate to="/auth/login" replace state={{ from }} />;
  }
  if (!auth.isEmailVerified) return <VerificationRequiredPage />;
  return (
    <>
      <Suspense fallback={<PageSpinner />}>
        <Outlet />
      </Suspense>
      {alongside}
    </>
  );
}

/**
 * Sign-in and register pages send someone who already has a live session to the app. Only the
 * session found at startup counts: signing in on the page itself ends in a full page load.
 */
export function RedirectIfSignedIn({ children }: { children: ReactNode }) {
  const auth = useAuth();
  if (auth.isLoading && tokenStorage.get()) return <PageSpinner />;
  if (auth.signedInAtStartup && auth.isAuthenticated) return <Navigate to="/" replace />;
  return children;
}
