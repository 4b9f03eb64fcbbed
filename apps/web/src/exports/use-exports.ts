import { useEffect } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { SOCKET_EVENTS, type TDataExport } from '@agentroom/shared';
import { useRealtime } from '../realtime/realtime-context';
import { subscribe } from '../realtime/socket-subscription';
import { exportApi, exportKeys, type TExportScope } from './export-api';

/** While an export is being built the list is fetched again this often, in case a socket event was missed. */
const ACTIVE_REFETCH_MS = 3000;

export const isActive = (item: TDataExport) => item.status === 'queued' || item.status === 'running';

const inScope = (item: TDataExport, scope: TExportScope) =>
  scope.kind === 'account' ? item.kind === 'account' : item.kind === 'team' && item.teamHandle === scope.handle;

const newestFirst = (list: TDataExport[]) => list.sort((a, b) => b.createdAt.localeCompare(a.createdAt));

const STAGE: Record<TDataExport['status'], number> = { queued: 0, running: 1, ready: 2, failed: 2, expired: 3 };
/** Whether `held` has come further than `incoming` (an event may overtake the answer that started the export). */
const isFurther = (held: TDataExport, incoming: TDataExport) =>
  STAGE[held.status] > STAGE[incoming.status] || (STAGE[held.status] === STAGE[incoming.status] && held.progress > incoming.progress);

/** Puts a newer copy of an export in the list (or a new one in its place), newest first; an older copy never wins. */
export function withExport(list: readonly TDataExport[] | undefined, item: TDataExport): TDataExport[] {
  const held = list?.find((other) => other.id === item.id);
  if (list && held && isFurther(held, item)) return [...list];
  return newestFirst([item, ...(list ?? []).filter((other) => other.id !== item.id)]);
}

/**
 * The scope's exports, newest first, kept current by `export:updated` (sent to the person who asked)
 * and, while one is queued or running, by fetching again now and then.
 */
export function useExports(scope: TExportScope) {
  const queryClient = useQueryClient();
  const { socket } = useRealtime();
  const query = useQuery({
    queryKey: exportKeys.list(scope),
    queryFn: () => exportApi.list(scope).then(newestFirst),
    refetchInterval: (current) => (current.state.data?.some(isActive) ? ACTIVE_REFETCH_MS : false),
  });
  // The scope as a plain value, so a new object with the same team does not subscribe again.
  const handle = scope.kind === 'team' ? scope.handle : null;
  useEffect(() => {
    if (!socket) return;
    const target: TExportScope = handle === null ? { kind: 'account' } : { kind: 'team', handle };
    const queryKey = exportKeys.list(target);
    return subscribe(socket, {
      connect: () => void queryClient.invalidateQueries({ queryKey }),
      [SOCKET_EVENTS.exportUpdated]: ({ export: item }) => {
        if (inScope(item, target)) queryClient.setQueryData<TDataExport[]>(queryKey, (list) => withExport(list, item));
      },
    });
  }, [socket, handle, queryClient]);
  return query;
}
