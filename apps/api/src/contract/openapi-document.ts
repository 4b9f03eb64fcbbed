import { z } from 'zod';
import { createDocument, type ZodOpenApiOperationObject, type ZodOpenApiPathsObject, type ZodOpenApiResponsesObject } from 'zod-openapi';
import { PRODUCT_NAME, API_BASE_PATH, ZErrorEnvelope, successEnvelope } from '@agentroom/shared';
import {
  API_ROUTES,
  SOCKET_CLIENT_EVENTS,
  SOCKET_CONNECTION,
  SOCKET_SERVER_EVENTS,
  pathParamsOf,
  toOpenApiPath,
  type ApiRoute,
  type SocketEventDoc,
} from '@agentroom/shared/contract';

export type OpenApiDocument = ReturnType<typeof createDocument>;

const BEARER = [{ bearerAuth: [] }];
const SECURITY: Record<ApiRoute['auth'], Record<string, string[]>[]> = {
  public: [],
  'signed-in': BEARER,
  verified: BEARER,
  'expired-token': BEARER,
  'download-token': [{ downloadToken: [] }, ...BEARER],
};
const AUTH_NOTES: Record<ApiRoute['auth'], string> = {
  public: 'No authentication.',
  'signed-in': 'Bearer token.',
  verified: 'Bearer token of a user whose email is verified.',
  'expired-token': 'Bearer token; an expired one is accepted while its session lives.',
  'download-token': 'A signed `?token=` from the attachment url, or a verified bearer token.',
};

const errorResponse = (description: string) => ({ description, content: { 'application/json': { schema: ZErrorEnvelope } } });

const operationId = (route: ApiRoute) =>
  route.method +
  route.path
    .split(/[/.-]/)
    .filter(Boolean)
    .map((part) => (part.startsWith(':') ? `By${part.slice(1, 2).toUpperCase()}${part.slice(2)}` : part[0]!.toUpperCase() + part.slice(1)))
    .join('');

function responsesOf(route: ApiRoute): ZodOpenApiResponsesObject {
  const responses: ZodOpenApiResponsesObject = {};
  for (const [status, data] of Object.entries(route.success ?? {}))
    responses[status as '200'] = { description: 'Success', content: { 'application/json': { schema: successEnvelope(data) } } };
  if (route.file)
    responses['200'] = {
      description: route.file.description,
      content: Object.fromEntries(route.file.contentTypes.map((type) => [type, { schema: {} }])),
    };
  if (route.auth !== 'public') responses['401'] = errorResponse('Not signed in, or the token is invalid or expired (code TOKEN_EXPIRED).');
  if (route.rateLimit)
    responses['429'] = {
      ...errorResponse('Too many requests (code RATE_LIMITED).'),
      headers: z.object({ 'retry-after': z.string().meta({ description: 'Seconds to wait.' }) }),
    };
  responses['4XX'] = errorResponse('The request was refused; `code` says why, `details` names the fields.');
  responses['5XX'] = errorResponse('The server could not answer (INTERNAL, SERVICE_UNAVAILABLE).');
  return responses;
}

const binary = z.string().meta({ contentMediaType: 'application/octet-stream' });

function operationOf(route: ApiRoute): ZodOpenApiOperationObject {
  const params = pathParamsOf(route.path);
  return {
    operationId: operationId(route),
    tags: [route.tag],
    summary: route.summary,
    description: AUTH_NOTES[route.auth],
    security: SECURITY[route.auth],
    requestParams: {
      ...(params.length ? { path: z.object(Object.fromEntries(params.map((name) => [name, z.string()]))) } : {}),
      ...(route.query ? { query: route.query } : {}),
    },
    ...(route.body ? { requestBody: { required: true, content: { 'application/json': { schema: route.body } } } } : {}),
    ...(route.upload
      ? {
          requestBody: {
            required: true,
            content: {
              'multipart/form-data': {
                schema: z.object({ [route.upload.field]: route.upload.multiple ? z.array(binary) : binary }),
              },
            },
          },
        }
      : {}),
    responses: responsesOf(route),
  };
}

/** A payload's place in components.schemas: its registered id, or the name we give it here. */
const schemaName = (schema: z.ZodType, fallback: string) => (z.globalRegistry.get(schema)?.id as string | undefined) ?? fallback;
const pascal = (event: string) => event.split(/[:-]/).map((p) => p[0]!.toUpperCase() + p.slice(1)).join('');

function socketSection(events: Record<string, SocketEventDoc>, components: Record<string, z.ZodType>, suffix: string) {
  const ref = (schema: z.ZodType, fallback: string) => {
    const name = schemaName(schema, fallback);
    components[name] = schema;
    return { $ref: `#/components/schemas/${name}` };
  };
  return Object.fromEntries(
    Object.entries(events).map(([event, doc]) => [
      event,
      {
        summary: doc.summary,
        payload: ref(doc.payload, `${pascal(event)}${suffix}`),
        ...(doc.ack ? { ack: ref(doc.ack, `${pascal(event)}Ack`) } : {}),
        ...(doc.audience ? { audience: doc.audience } : {}),
      },
    ]),
  );
}

/** The OpenAPI 3.1 document of /api/v1, built from the shared route table; socket events ride along as `x-socket-events`. */
export function buildOpenApiDocument(options: { includeDevRoutes: boolean }): OpenApiDocument {
  const paths: ZodOpenApiPathsObject = {};
  for (const route of API_ROUTES) {
    if (route.devOnly && !options.includeDevRoutes) continue;
    const path = toOpenApiPath(route.path);
    paths[path] = { ...paths[path], [route.method]: operationOf(route) };
  }
  const socketComponents: Record<string, z.ZodType> = {};
  const socketEvents = {
    connection: SOCKET_CONNECTION,
    clientToServer: socketSection(SOCKET_CLIENT_EVENTS, socketComponents, 'Payload'),
    serverToClient: socketSection(SOCKET_SERVER_EVENTS, socketComponents, 'Event'),
  };
  return createDocument({
    openapi: '3.1.0',
    info: {
      title: `${PRODUCT_NAME} API`,
      version: '1.0.0',
      description:
        'Every JSON answer is an envelope: `{ success: true, data }` or `{ success: false, error, code, details? }`. ' +
        'Realtime events travel over Socket.IO; see `x-socket-events`.',
    },
    servers: [{ url: API_BASE_PATH }],
    tags: [...new Set(API_ROUTES.map((route) => route.tag))].map((name) => ({ name })),
    paths,
    components: {
      securitySchemes: {
        bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
        downloadToken: { type: 'apiKey', in: 'query', name: 'token' },
      },
      schemas: { ErrorEnvelope: ZErrorEnvelope, ...socketComponents },
    },
    'x-socket-events': socketEvents,
  },
  {
    // The format says it; zod's long regexes for uuid and date-time would only bury the reference.
    override: ({ jsonSchema }) => {
      if (jsonSchema.format === 'uuid' || jsonSchema.format === 'date-time') delete jsonSchema.pattern;
    },
  });
}
