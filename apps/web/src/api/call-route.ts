import type { BodyOf, PathParams, QueryOf, ResponseOf, Route, RouteName, ROUTE_SCHEMAS } from '@agentroom/shared/contract';
import { fillPath } from '@agentroom/shared/routes';
import { apiRequest, type RequestOptions } from './api-client';

/** The rows' own types come from the zod table as types only: nothing of zod reaches the bundle through here. */
type ParamsInput<K extends RouteName> = keyof PathParams<Route<K>['path']> extends never ? { params?: never } : { params: PathParams<Route<K>['path']> };
type BodyInput<K extends RouteName> = (typeof ROUTE_SCHEMAS)[K] extends { upload: object }
  ? { body: FormData }
  : BodyOf<K> extends undefined
    ? { body?: never }
    : { body: BodyOf<K> };
type QueryInput<K extends RouteName> = QueryOf<K> extends undefined ? { query?: never } : { query?: QueryOf<K> };

/**
 * What a call by row takes: the row's path parameters, body and query, typed from the row, and the request options.
 * @public The API's contract test checks it against a client generated from the OpenAPI document.
 */
export type CallInput<K extends RouteName> = ParamsInput<K> & BodyInput<K> & QueryInput<K> & Omit<RequestOptions, 'method' | 'body'>;

type Method = NonNullable<RequestOptions['method']>;
/** A row whose input has nothing required may be called without one: `call(routes.listTeams)`. */
type InputArgs<K extends RouteName> = Partial<CallInput<K>> extends CallInput<K> ? [input?: CallInput<K>] : [input: CallInput<K>];

function queryString(query: object | undefined): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) if (value !== undefined) search.set(key, String(value));
  const text = search.toString();
  return text ? `?${text}` : '';
}

/**
 * Calls one route of the API by its row: `call(routes.getTeam, { params: { handle } })`. The path,
 * method and the types of params, body and answer all come from the row. A POST or PUT without a
 * body sends `{}`: the API reads those bodies as JSON.
 */
export function call<K extends RouteName>(route: Route<K>, ...[input]: InputArgs<K>): Promise<ResponseOf<K>> {
  const { params, body, query, ...options } = (input ?? {}) as { params?: Record<string, string>; body?: unknown; query?: object } & RequestOptions;
  const method = route.method.toUpperCase() as Method;
  const path = fillPath(route.path, params ?? {}) + queryString(query);
  const sentBody = body ?? (method === 'POST' || method === 'PUT' ? {} : undefined);
  return apiRequest<ResponseOf<K>>(path, { ...options, method, body: sentBody });
}
