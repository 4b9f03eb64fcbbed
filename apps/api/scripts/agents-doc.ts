/**
 * Rewrites the generated sections of docs/agents.md (the page for people who write external agents)
 * from the shared contract: the routes an agent token may call, the socket events it sends and
 * hears, the error codes and the limits. Run by `pnpm docs:agents`; test/contract/agents-doc.test.ts
 * renders it in memory and fails when the committed page differs, so the page cannot drift.
 *
 * A section is everything between `<!-- generated:NAME -->` and `<!-- /generated:NAME -->`; the
 * hand-written text around the markers is kept as it is.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { z } from 'zod';
import { API_BASE_PATH, ERROR_CODES, EXTERNAL_AGENT_ERRORS, EXTERNAL_AGENT_LIMITS, MESSAGE_MAX_LENGTH, type TErrorCode } from '@agentroom/shared';
import { API_ROUTES, SOCKET_CLIENT_EVENTS, SOCKET_CONNECTION, SOCKET_SERVER_EVENTS, type ApiRoute, type SocketEventDoc } from '@agentroom/shared/contract';

export const AGENTS_DOC_PATH = fileURLToPath(new URL('../../../docs/agents.md', import.meta.url));

/** The events an external agent's socket hears in its own agent room, and the ones it sends. */
const AGENT_SERVER_EVENTS = ['agent:request', 'agent:request:ended', 'agent:message', 'conversation:message', 'sync:resync'] as const satisfies readonly (keyof typeof SOCKET_SERVER_EVENTS)[];
const AGENT_CLIENT_EVENTS = ['agent:reply:start', 'agent:reply:delta', 'agent:reply:finish'] as const satisfies readonly (keyof typeof SOCKET_CLIENT_EVENTS)[];

/** What each code means to an agent, with the status it usually comes with. A new code fails the typecheck until it is described here. */
const ERROR_MEANINGS: Record<TErrorCode, [status: string, meaning: string]> = {
  VALIDATION_ERROR: ['400', 'The body, query or path was refused; `details` names each field and what is wrong with it.'],
  INVALID_JSON: ['400', 'The body is not JSON.'],
  PAYLOAD_TOO_LARGE: ['413', 'The body is too large.'],
  UNAUTHENTICATED: ['401', 'No token, or an unknown, rotated or revoked one. Do not retry with the same token.'],
  TOKEN_EXPIRED: ['401', "A person's access token expired (agent tokens do not expire; they are rotated or revoked)."],
  INVALID_CREDENTIALS: ['401', 'Sign-in with a wrong password (not used by agents).'],
  EMAIL_NOT_VERIFIED: ['403', 'A person whose email is not verified (not used by agents).'],
  FORBIDDEN: ['403', "Not allowed: an agent token on a people-only route, a person's token on an agent route, or a conversation the agent is not in."],
  NOT_FOUND: ['404', 'No such conversation, message, reply or request, or not one this agent may see.'],
  CONFLICT: ['409', 'The state moved on: the request ended (stopped or lapsed), the reply is already finished or was stopped.'],
  TOKEN_INVALID: ['400', 'An emailed link that does not work (not used by agents).'],
  LINK_EXPIRED: ['400', 'An emailed link that expired (not used by agents).'],
  RATE_LIMITED: ['429', 'Too many calls: wait the `Retry-After` header\'s seconds (the socket ack carries no header: back off).'],
  UNSUPPORTED_MEDIA_TYPE: ['415', 'A body type or encoding the route does not take (send `Content-Type: application/json`).'],
  SERVICE_UNAVAILABLE: ['503', 'The server cannot answer right now (starting, stopping, or a part not available): retry later.'],
  INTERNAL: ['500', 'A fault on our side; the `requestId` finds it in the server log.'],
};

type JsonSchema = {
  $ref?: string;
  $defs?: Record<string, JsonSchema>;
  type?: string | string[];
  format?: string;
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  items?: JsonSchema;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  description?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  exclusiveMinimum?: number;
};

const code = (text: string) => `\`${text}\``;
/** A table cell: pipes would end it, newlines would end the row. */
const cell = (text: string) => text.replaceAll('|', '\\|').replaceAll('\n', ' ');

function jsonSchemaOf(schema: z.ZodType, io: 'input' | 'output'): { root: JsonSchema; defs: Record<string, JsonSchema> } {
  const json = z.toJSONSchema(schema, { io, unrepresentable: 'any' }) as JsonSchema;
  const defs = json.$defs ?? {};
  return { root: resolve(json, defs), defs };
}

function resolve(node: JsonSchema, defs: Record<string, JsonSchema>): JsonSchema {
  const name = node.$ref?.split('/').pop();
  return name && defs[name] ? { ...defs[name], ...(node.description ? { description: node.description } : {}) } : node;
}

const isErrorCodes = (values: unknown[]) => values.length === ERROR_CODES.length && ERROR_CODES.every((name, i) => values[i] === name);

/** A short, readable type: `string (uuid)`, `'a' | 'b'`, `ChatMessage`, `X | null`. */
function typeOf(node: JsonSchema): string {
  if (node.$ref) return code(node.$ref.split('/').pop()!);
  const variants = node.anyOf ?? node.oneOf;
  if (variants) return variants.map(typeOf).join(' | ');
  if (node.const !== undefined) return code(JSON.stringify(node.const));
  if (node.enum && isErrorCodes(node.enum)) return 'an [error code](#error-codes)';
  if (node.enum) return node.enum.map((value) => code(JSON.stringify(value))).join(' | ');
  if (node.type === 'array') return `${node.items ? typeOf(node.items) : 'unknown'}[]`;
  if (node.type === 'null') return code('null');
  const type = Array.isArray(node.type) ? node.type.join(' | ') : (node.type ?? 'any');
  return node.format ? `${type} (${node.format})` : type;
}

/** The limits a field's schema states, in words. */
function limitsOf(node: JsonSchema): string[] {
  const limits: string[] = [];
  if (node.minLength !== undefined && node.maxLength !== undefined) limits.push(`${node.minLength}–${node.maxLength} characters`);
  else if (node.maxLength !== undefined) limits.push(`at most ${node.maxLength} characters`);
  else if (node.minLength !== undefined) limits.push(`at least ${node.minLength} characters`);
  if (node.exclusiveMinimum !== undefined) limits.push(`> ${node.exclusiveMinimum}`);
  else if (node.minimum !== undefined && node.type === 'integer') limits.push(`≥ ${node.minimum}`);
  return limits;
}

function fieldTable(object: JsonSchema): string[] {
  const required = new Set(object.required ?? []);
  const rows = Object.entries(object.properties ?? {}).map(([name, field]) => {
    const notes = [field.description, ...limitsOf(field)].filter(Boolean).join('; ');
    return `| ${code(name)} | ${cell(typeOf(field))} | ${required.has(name) ? 'yes' : 'no'} | ${cell(notes)} |`;
  });
  return ['| Field | Type | Required | Notes |', '|---|---|---|---|', ...rows];
}

/** A payload or ack as field tables: one for an object, one per variant of a union (named by its constant field). */
function schemaTables(schema: z.ZodType, io: 'input' | 'output'): string[] {
  const { root, defs } = jsonSchemaOf(schema, io);
  const variants = root.anyOf ?? root.oneOf;
  const about = root.description ? ['', root.description] : [];
  if (!variants) return [...fieldTable(root), ...about];
  const tables = variants.flatMap((variant) => {
    const resolved = resolve(variant, defs);
    const tag = Object.entries(resolved.properties ?? {}).find(([, field]) => field.const !== undefined);
    const title = tag ? `When ${code(`${tag[0]}: ${JSON.stringify(tag[1].const)}`)}:` : 'Or:';
    return ['', title, '', ...fieldTable(resolved)];
  });
  return [...tables.slice(1), ...about];
}

/** The body's fields in one line (`conversationId`, `requestId?`), or a dash. */
function bodyFields(route: ApiRoute): string {
  if (!route.body) return '—';
  const { root } = jsonSchemaOf(route.body, 'input');
  const required = new Set(root.required ?? []);
  return Object.keys(root.properties ?? {})
    .map((name) => code(required.has(name) ? name : `${name}?`))
    .join(', ');
}

function agentRoutes(): string[] {
  const rows = API_ROUTES.filter((route) => route.agents || route.auth === 'agent-token').map(
    (route) =>
      `| ${route.method.toUpperCase()} | ${code(API_BASE_PATH + route.path)} | ${cell(route.summary)} | ${bodyFields(route)} | ${route.rateLimit ? code(route.rateLimit) : '—'} |`,
  );
  return [
    '| Method | Path | What it does | Body | Rate limit |',
    '|---|---|---|---|---|',
    ...rows,
  ];
}

function eventSection(event: string, doc: SocketEventDoc, direction: 'sends' | 'hears', acks: Map<z.ZodType, string>): string[] {
  const sameAck = doc.ack && acks.get(doc.ack);
  if (doc.ack && !sameAck) acks.set(doc.ack, event);
  const ack = !doc.ack
    ? []
    : sameAck
      ? ['', `Ack: as ${code(sameAck)}'s.`]
      : ['', 'Ack (pass a callback, or use `emitWithAck`):', '', ...schemaTables(doc.ack, 'output')];
  return [
    `#### ${code(event)}`,
    '',
    doc.summary,
    ...(doc.audience ? ['', `Sent to: ${doc.audience}.`] : []),
    '',
    direction === 'hears' ? 'Payload:' : 'Payload you send:',
    '',
    ...schemaTables(doc.payload, direction === 'hears' ? 'output' : 'input'),
    ...ack,
    '',
  ];
}

function agentEvents(): string[] {
  const acks = new Map<z.ZodType, string>();
  return [
    `Connection: path ${code(SOCKET_CONNECTION.path)}. ${SOCKET_CONNECTION.auth} ${SOCKET_CONNECTION.limits}`,
    '',
    '### Events the agent hears',
    '',
    ...AGENT_SERVER_EVENTS.flatMap((event) => eventSection(event, SOCKET_SERVER_EVENTS[event], 'hears', acks)),
    '### Events the agent sends',
    '',
    ...AGENT_CLIENT_EVENTS.flatMap((event) => eventSection(event, SOCKET_CLIENT_EVENTS[event], 'sends', acks)),
    'Types named in backticks (`ChatMessage` and the types inside it) are in the API reference the server publishes at `/api/docs` (and `/api/v1/openapi.json`).',
  ];
}

function errorCodes(): string[] {
  return [
    '| Code | Usual status | What it means for an agent |',
    '|---|---|---|',
    ...ERROR_CODES.map((name) => `| ${code(name)} | ${ERROR_MEANINGS[name][0]} | ${cell(ERROR_MEANINGS[name][1])} |`),
    '',
    "The sentences (`error`) of the external agents' own routes and events:",
    '',
    ...Object.values(EXTERNAL_AGENT_ERRORS).map((message) => `- ${cell(message)}`),
  ];
}

function agentLimits(): string[] {
  return [
    `- A message (a plain send, or a finished reply) is at most ${MESSAGE_MAX_LENGTH} characters.`,
    `- One delta of a streamed reply is at most ${EXTERNAL_AGENT_LIMITS.deltaMax} characters.`,
    `- A webhook URL is at most ${EXTERNAL_AGENT_LIMITS.webhookUrlMax} characters, \`http://\` or \`https://\`.`,
  ];
}

const SECTIONS: Record<string, () => string[]> = {
  'agent-routes': agentRoutes,
  'agent-events': agentEvents,
  'error-codes': errorCodes,
  'agent-limits': agentLimits,
};

/** The page with every generated section rendered again from the contract; throws when a marker is missing. */
export function renderAgentsDoc(markdown: string): string {
  let text = markdown;
  for (const [name, render] of Object.entries(SECTIONS)) {
    const open = `<!-- generated:${name} -->`;
    const close = `<!-- /generated:${name} -->`;
    const start = text.indexOf(open);
    const end = text.indexOf(close);
    if (start < 0 || end < start) throw new Error(`docs/agents.md lacks the markers ${open} … ${close}`);
    const body = [`<!-- Written by \`pnpm docs:agents\` from the shared contract; edit the contract, not this section. -->`, '', ...render()].join('\n');
    text = `${text.slice(0, start + open.length)}\n${body}\n${text.slice(end)}`;
  }
  return text;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const current = readFileSync(AGENTS_DOC_PATH, 'utf8');
  const next = renderAgentsDoc(current);
  if (next === current) console.log('docs/agents.md is up to date');
  else {
    writeFileSync(AGENTS_DOC_PATH, next);
    console.log('docs/agents.md rewritten from the contract');
  }
}
