import { z } from 'zod';
import { CONVERSATION_TYPES } from '../../constants';
import { ERROR_CODES } from '../../errors';
import { LISTENS_TO } from '../external-agents';
import { ZChatMessage } from './chat';
import { ZAgent, ZIsoDateTime } from './users';

/** The live token as managers see it: never the token itself, only its last characters and use. */
export const ZAgentTokenInfo = z
  .strictObject({ hint: z.string(), createdAt: ZIsoDateTime, lastUsedAt: ZIsoDateTime.nullable() })
  .meta({ id: 'AgentTokenInfo' });

/** How the agent's webhooks stand: counts of the last day's deliveries and the newest failure. */
export const ZWebhookHealth = z
  .strictObject({
    delivered: z.number().int(),
    pending: z.number().int(),
    failed: z.number().int(),
    lastError: z.string().nullable(),
  })
  .meta({ id: 'WebhookHealth' });

export const ZExternalAgent = z
  .strictObject({
    agent: ZAgent,
    listensTo: z.enum(LISTENS_TO),
    webhookUrl: z.string().nullable(),
    /** null: revoked (the agent cannot connect until a token is made again). */
    token: ZAgentTokenInfo.nullable(),
    webhooks: ZWebhookHealth,
    createdAt: ZIsoDateTime,
  })
  .meta({ id: 'ExternalAgent', description: 'An agent the team runs outside Agentroom, as its managers see it.' });
export type TExternalAgent = z.infer<typeof ZExternalAgent>;

export const ZExternalAgentResponse = z.strictObject({ externalAgent: ZExternalAgent });
export const ZExternalAgentsResponse = z.strictObject({ externalAgents: z.array(ZExternalAgent) });

/** Shown once: the token (and the webhook signing secret when the agent has a webhook URL). */
export const ZExternalAgentSecrets = z
  .strictObject({
    externalAgent: ZExternalAgent,
    token: z.string(),
    webhookSecret: z.string().nullable(),
  })
  .meta({ id: 'ExternalAgentSecrets', description: 'The token and webhook secret, shown this once; only hashes and sealed copies are kept.' });
export type TExternalAgentSecrets = z.infer<typeof ZExternalAgentSecrets>;

export const ZDeletedExternalAgentResponse = z.strictObject({ deleted: z.literal(true) });
export const ZRevokedAgentTokenResponse = z.strictObject({ revoked: z.boolean() });

export const WEBHOOK_DELIVERY_STATUSES = ['pending', 'delivered', 'failed'] as const;

export const ZWebhookDelivery = z
  .strictObject({
    id: z.uuid(),
    event: z.string(),
    status: z.enum(WEBHOOK_DELIVERY_STATUSES),
    attempts: z.number().int(),
    /** The receiver's last HTTP status (null: it did not answer) and what went wrong. */
    lastStatus: z.number().int().nullable(),
    lastError: z.string().nullable(),
    createdAt: ZIsoDateTime,
    deliveredAt: ZIsoDateTime.nullable(),
    nextAttemptAt: ZIsoDateTime.nullable(),
  })
  .meta({ id: 'WebhookDelivery' });
export type TWebhookDelivery = z.infer<typeof ZWebhookDelivery>;
export const ZWebhookDeliveriesResponse = z.strictObject({ deliveries: z.array(ZWebhookDelivery) });

/** GET /agent/me: who the token speaks for. */
export const ZAgentSelfResponse = z
  .strictObject({
    agent: ZAgent,
    team: z.strictObject({ id: z.uuid(), handle: z.string(), name: z.string() }),
    listensTo: z.enum(LISTENS_TO),
  })
  .meta({ id: 'AgentSelf' });
export type TAgentSelf = z.infer<typeof ZAgentSelfResponse>;

export const ZAgentReplyResponse = z.strictObject({ streamId: z.uuid(), conversationId: z.uuid() }).meta({ id: 'AgentReply' });
export const ZAgentReplyDeltaResponse = z.strictObject({ offset: z.number().int().nonnegative() });
export const ZAgentReplyFinishedResponse = z.strictObject({ message: ZChatMessage });

// ---- events an external agent receives (its socket's agent room, or its webhook) ----

/** Someone asks the agent to answer `message`: a 1:1 message, an @mention, or the room's answer-everything seat. */
export const ZAgentRequestEvent = z
  .strictObject({
    requestId: z.uuid(),
    conversationId: z.uuid(),
    conversationType: z.enum(CONVERSATION_TYPES),
    message: ZChatMessage,
    /** The turn in the room's chain (1: a person asked); past the room's turn limit nobody asks. */
    chainTurn: z.number().int().positive(),
    /** The agent whose message asked, when an agent asked (null: a person). */
    askedByAgentId: z.uuid().nullable(),
    /** When the request lapses unless the agent starts a reply or answers. */
    expiresAt: ZIsoDateTime,
  })
  .meta({ id: 'AgentRequestEvent', description: 'Answer with a reply whose `requestId` is this one (stream it, or send one message).' });
export type TAgentRequestEvent = z.infer<typeof ZAgentRequestEvent>;

export const ZAgentRequestEndedEvent = z
  .strictObject({ requestId: z.uuid(), conversationId: z.uuid(), reason: z.enum(['stopped', 'expired']) })
  .meta({ id: 'AgentRequestEndedEvent', description: 'A request ended without the agent: someone stopped it, or it lapsed.' });
export type TAgentRequestEndedEvent = z.infer<typeof ZAgentRequestEndedEvent>;

/** A message of one of the agent's conversations it hears (its setting: every message, or 1:1 and @mentions). */
export const ZAgentMessageEvent = z
  .strictObject({ conversationId: z.uuid(), conversationType: z.enum(CONVERSATION_TYPES), message: ZChatMessage, mentioned: z.boolean() })
  .meta({ id: 'AgentMessageEvent' });
export type TAgentMessageEvent = z.infer<typeof ZAgentMessageEvent>;

export const ZAgentReplyAck = z
  .discriminatedUnion('ok', [
    z.strictObject({ ok: z.literal(true), streamId: z.uuid(), offset: z.number().int().nonnegative().optional(), message: ZChatMessage.optional() }),
    z.strictObject({ ok: z.literal(false), error: z.string(), code: z.enum(ERROR_CODES) }),
  ])
  .meta({ id: 'AgentReplyAck', description: 'The answer to `agent:reply:*`: the stream (its offset after a delta, the stored message after finish), or the error.' });
export type TAgentReplyAck = z.infer<typeof ZAgentReplyAck>;
