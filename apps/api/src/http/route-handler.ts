import type { Request, RequestHandler, Response } from 'express';
import type {
  ParamsOf,
  ParsedBodyOf,
  ParsedQueryOf,
  Route,
  RouteName,
  ResponsesOf,
  ResponseOf,
  ROUTE_SCHEMAS,
} from '@agentroom/shared/contract';
import type { AuthState } from '../context';

/** What a handler returns when it wrote the answer itself (a file, a stream). */
export const ANSWERED = Object.freeze({ answeredByHandler: true } as const);
type Answered = typeof ANSWERED;

/** An answer with a success status other than the row's first (the send route's 200 for a repeat). */
export class StatusReply<Status extends number = number, Data = unknown> {
  constructor(
    readonly status: Status,
    readonly data: Data,
  ) {}
}

type StatusReplyOf<K extends RouteName> = StatusReply<keyof ResponsesOf<K> & number, ResponseOf<K>>;

/** A file or redirect route answers by itself; a JSON route returns the `data` its row declares (checked by the typecheck). */
type ReplyOf<K extends RouteName> = (typeof ROUTE_SCHEMAS)[K] extends { file: object } | { redirect: object } ? Answered : ResponseOf<K> | StatusReplyOf<K>;

/** Behind `signed-in` and `verified` a caller is known; a download token may stand in for one. */
type AuthFor<K extends RouteName> = Route<K>['auth'] extends 'signed-in' | 'verified' | 'instance-admin'
  ? AuthState
  : Route<K>['auth'] extends 'download-token'
    ? AuthState | undefined
    : undefined;

/** A request as a handler sees it: parsed with the row's schemas, after its auth and rate limit. */
export interface RouteInput<K extends RouteName> {
  params: ParamsOf<K>;
  query: ParsedQueryOf<K>;
  body: ParsedBodyOf<K>;
  auth: AuthFor<K>;
  req: Request;
  res: Response;
}

export type RouteHandler<K extends RouteName> = (input: RouteInput<K>) => Promise<ReplyOf<K>> | ReplyOf<K>;

/**
 * A handler, or one with middleware that runs after auth and the rate limit (an upload's parser, an
 * access check before it). `rawBody`: the handler's command parses the body itself, after checks the
 * row's parse would come before (the send command: verified, then the message limit, then the body);
 * its `body` is then the request's JSON as sent.
 */
export type HandlerEntry<K extends RouteName> = RouteHandler<K> | { before: RequestHandler[]; handle: RouteHandler<K>; rawBody?: boolean };

/**
 * A route file's handlers by row name: `defineHandlers({ getTeam: async ({ params, auth }) => ({ team }) })`.
 * Each handler's input and answer are typed from its row.
 */
export const defineHandlers = <K extends RouteName>(handlers: { [P in K]: HandlerEntry<P> }) => handlers;
