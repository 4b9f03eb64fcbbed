import { routes } from '@agentroom/shared/routes';
import { call } from '../api/call-route';
import { API_BASE_URL, API_PREFIX } from '../api/api-base-url';

/** Whose data an export holds: the caller's own, or a team's (owners). */
export type TExportScope = { kind: 'account' } | { kind: 'team'; handle: string };

/** Fallback texts when the server gives none (a network error keeps its own). */
export const EXPORT_FALLBACKS = {
  list: "Couldn't load your exports",
  request: "Couldn't start the export",
  download: "Couldn't start the download",
} as const;

/** The exports calls (decision 0028), by scope. */
export const exportApi = {
  list: (scope: TExportScope) =>
    (scope.kind === 'account'
      ? call(routes.listMyExports, { fallback: EXPORT_FALLBACKS.list })
      : call(routes.listTeamExports, { params: { handle: scope.handle }, fallback: EXPORT_FALLBACKS.list })
    ).then((data) => data.exports),

  request: (scope: TExportScope) =>
    (scope.kind === 'account'
      ? call(routes.requestMyExport, { fallback: EXPORT_FALLBACKS.request })
      : call(routes.requestTeamExport, { params: { handle: scope.handle }, fallback: EXPORT_FALLBACKS.request })
    ).then((data) => data.export),

  /** A fresh single-use link, as an address the browser can open (the API answers a path below /api/v1). */
  link: (id: string) =>
    call(routes.createExportLink, { params: { id }, fallback: EXPORT_FALLBACKS.download }).then(({ url }) =>
      url.startsWith('/api/v1/') ? `${API_BASE_URL}${url}` : `${API_PREFIX}${url}`,
    ),
};

export const exportKeys = {
  list: (scope: TExportScope) => (scope.kind === 'account' ? (['exports', 'account'] as const) : (['exports', 'team', scope.handle] as const)),
};
