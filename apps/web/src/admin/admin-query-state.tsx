import type { ReactNode } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';
import { errorMessage, isApiError } from '../api/api-error';
import { useT } from '../i18n';
import { Button } from '../ui/button';
import { ErrorState, LoadingState } from '../ui/page-states';
import { AdminNotFound } from './admin-not-found';

/**
 * A section's loading and error states; the data once it is there. A 404 means the API no longer
 * takes this person for an administrator: the area is not there for them.
 */
export function AdminQueryState<T>({ query, failed, children }: { query: UseQueryResult<T>; failed: string; children: (data: T) => ReactNode }) {
  const { t } = useT();
  if (query.isPending) return <LoadingState text={t('Loading...')} />;
  if (query.isError) {
    if (isApiError(query.error) && query.error.status === 404) return <AdminNotFound />;
    return (
      <ErrorState message={errorMessage(query.error, failed)}>
        <Button variant="secondary" onClick={() => query.refetch()}>
          {t('Try again')}
        </Button>
      </ErrorState>
    );
  }
  return <>{children(query.data)}</>;
}
