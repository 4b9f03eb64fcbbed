import { z } from 'zod';
import {
  createDocument,
  createSchema,
  type CreateDocumentOptions,
  type ZodOpenApiOperationObject,
  type ZodOpenApiPathsObject,
  type ZodOpenApiResponsesObject,
} from 'zod-openapi';
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
  'agent-token': BEARER,
  'instance-admin': BEARER,
};
const AUTH_NOTES: Record<ApiRoute['auth'], string> = {
  public: 'No authentication.',
  'signed-in': 'Bearer token.',
  verified: 'Bearer token of a user whose email is verified.',
  'expired-token': 'Bearer token; an expired one is accepted while its session lives.',
  'download-token': 'A signed `?token=` from the attachment url, or a verified bearer token.',
  'agent-token': "An external agent's API token (`art_…`) as the bearer token; a person's token is refused (403).",
  'instance-admin': "Bearer token of an instance administrator; anyone else gets 404.",
};

const errorResponse = (description: string) => ({ description, content: { 'application/json': { schema: ZErrorEnvelope } } });

function responsesOf(route: ApiRoute): ZodOpenApiResponsesObject {
  const responses: ZodOpenApiResponsesObject = {};
  for (const [status, data] of Object.entries(route.success ?? {}))
    responses[status as '200'] = { description: 'Success', content: { 'application/json': { schema: successEnvelope(data) } } };
  if (route.file)
    responses['200'] = {
      description: route.file.description,
      content: Object.fromEntries(route.file.contentTypes.map((type) => [type, { schema: {} }])),
    };
  if (route.redirect)
    responses['302'] = {
      description: route.redirect.description,
      headers: z.object({ location: z.string().meta({ description: 'Where the browser goes next.' }) }),
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
  const pathSchema = z.object({ ...Object.fromEntries(params.map((name) => [name, z.string()])), ...route.params?.shape });
  return {
    operationId: route.name,
    tags: [route.tag],
    summary: route.summary,
    description: route.agents ? `${AUTH_NOTES[route.auth]} An external agent's token may call it too, for its own conversations.` : AUTH_NOTES[route.auth],
    security: SECURITY[route.auth],
    requestParams: {
      ...(params.length ? { path: pathSchema } : {}),
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

type JsonSchema = Record<string, unknown>;

/**
 * A socket payload's JSON Schema, written out in `x-socket-events` itself: OpenAPI tools read no
 * references from an extension, so a component only events used would count as unused. A `$ref`
 * stays only where it names a component the HTTP operations use (`ChatMessage`); any other is inlined.
 */
function socketSchema(schema: z.ZodType, operationComponents: ReadonlySet<string>): unknown {
  const { schema: top, components } = createSchema(schema, { openapiVersion: '3.1.0', opts: DOCUMENT_OPTIONS });
  const inline = (node: unknown): unknown => {
    if (Array.isArray(node)) return node.map(inline);
    if (!node || typeof node !== 'object') return node;
    const ref = (node as JsonSchema).$ref;
    const name = typeof ref === 'string' ? ref.split('/').pop()! : undefined;
    if (name && !operationComponents.has(name)) return inline(components[name]);
    return Object.fromEntries(Object.entries(node).map(([key, value]) => [key, inline(value)]));
  };
  return inline(top);
}

function socketSection(events: Record<string, SocketEventDoc>, operationComponents: ReadonlySet<string>) {
  return Object.fromEntries(
    Object.entries(events).map(([event, doc]) => [
      event,
      {
        summary: doc.summary,
        payload: socketSchema(doc.payload, operationComponents),
        ...(doc.ack ? { ack: socketSchema(doc.ack, operationComponents) } : {}),
        ...(doc.audience ? { audience: doc.audience } : {}),
      },
    ]),
  );
}

const DOCUMENT_OPTIONS: CreateDocumentOptions = {
  // The format says it; zod's long regexes for uuid and date-time would only bury the reference.
  override: ({ jsonSchema }) => {
    if (jsonSchema.format === 'uuid' || jsonSchema.format === 'date-time') delete jsonSchema.pattern;
  },
};

/** What each group of routes is for, shown above it in the reference. */
const TAG_DESCRIPTIONS: Record<string, string> = {
  System: 'Health probes and this document.',
  Auth: 'Accounts, sessions and the emailed links (verification, password reset, magic sign-in).',
  Users: 'Your profile and avatars.',
  Notifications: 'When unread messages are mailed, and the one-click unsubscribe.',
  Teams: 'Teams, their members and AI agents.',
  Invitations: 'Invitations to a team by email.',
  Agents: 'People and AI agents by username, and AI agent settings.',
  Rooms: "A team's rooms; their messages use the chat routes with the room's conversation id.",
  Chat: 'Conversations, messages, attachments, reactions, read markers and search.',
  'AI replies': 'Replies AI agents are writing: stop, write again, follow, approve or deny their tool calls, what they read.',
  Tools: "A team's MCP servers and the tools each AI agent may use, with their policies.",
  Governance: "A team's audit log and message retention; exports of your data and of a team.",
  Admin: "The instance administrators' area: people, reports, teams, settings, health and the whole audit log.",
  Development: 'Only outside production.',
};

/** The OpenAPI 3.1 document of /api/v1, built from the shared route table; socket events ride along as `x-socket-events`. */
export function buildOpenApiDocument(options: { includeDevRoutes: boolean }): OpenApiDocument {
  const paths: ZodOpenApiPathsObject = {};
  for (const route of API_ROUTES) {
    if (route.devOnly && !options.includeDevRoutes) continue;
    const path = toOpenApiPath(route.path);
    paths[path] = { ...paths[path], [route.method]: operationOf(route) };
  }
  const tags = [...new Set(API_ROUTES.map((route) => route.tag))];
  const document = createDocument(
    {
      openapi: '3.1.0',
      info: {
        title: `${PRODUCT_NAME} API`,
        version: '1.0.0',
        description:
          'Every JSON answer is an envelope: `{ success: true, data }` or `{ success: false, error, code, details? }`. ' +
          'Realtime events travel over Socket.IO; see `x-socket-events`.',
      },
      servers: [{ url: API_BASE_PATH }],
      tags: tags.map((name) => ({ name, description: TAG_DESCRIPTIONS[name] ?? name })),
      paths,
      components: {
        securitySchemes: {
          bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
          downloadToken: { type: 'apiKey', in: 'query', name: 'token' },
        },
      },
    },
    DOCUMENT_OPTIONS,
  );
  const operationComponents = new Set(Object.keys(document.components?.schemas ?? {}));
  document['x-socket-events'] = {
    connection: SOCKET_CONNECTION,
    clientToServer: socketSection(SOCKET_CLIENT_EVENTS, operationComponents),
    serverToClient: socketSection(SOCKET_SERVER_EVENTS, operationComponents),
  };
  return document;
}
