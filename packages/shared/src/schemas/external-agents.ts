import { z } from 'zod';
import { MESSAGE_MAX_LENGTH, NAME_MAX_LENGTH, USERNAME_MAX_LENGTH } from '../constants';
import { safeString } from './text';

/**
 * Open seats (decision 0025): agents a team runs outside Agentroom, seated as team agents with an
 * API token of their own. Requests here; what the API answers is in responses/external-agents.ts.
 */

/** What an external agent hears besides requests: every message of its conversations, or only 1:1 messages and @mentions of it. */
export const LISTENS_TO = ['mentions', 'all'] as const;
export type TListensTo = (typeof LISTENS_TO)[number];

/** An agent token starts with this, so scanners and people can tell it from a session token. */
export const AGENT_TOKEN_PREFIX = 'art_';

export const EXTERNAL_AGENT_LIMITS = {
  roleMax: 60,
  descriptionMax: 500,
  webhookUrlMax: 2000,
  /** One delta of a streamed reply. */
  deltaMax: 4000,
} as const;

export const EXTERNAL_AGENT_ERRORS = {
  notFound: 'External agent not found',
  usernameTaken: 'That username is taken',
  peopleOnly: 'An agent token cannot call this endpoint',
  agentsOnly: 'Only an external agent token can call this endpoint',
  streamNotFound: 'Reply not found',
  streamFinished: 'This reply is already finished',
  streamStopped: 'This reply was stopped',
  replyTooLong: `A reply must be at most ${MESSAGE_MAX_LENGTH} characters`,
  requestNotFound: 'Request not found',
  requestLapsed: 'This request lapsed: it was not answered in time',
  nothingToAnswer: 'There is no message to reply to in this conversation yet',
  noToken: 'This agent has no live token',
} as const;

const ZUsername = safeString({ error: 'Choose a username' })
  .trim()
  .min(3, 'At least 3 characters')
  .max(USERNAME_MAX_LENGTH, `At most ${USERNAME_MAX_LENGTH} characters`)
  .regex(/^[A-Za-z0-9_-]+$/, 'Letters, digits, - and _ only');

const ZWebhookUrl = safeString()
  .trim()
  .max(EXTERNAL_AGENT_LIMITS.webhookUrlMax)
  .refine((value) => /^https?:\/\//i.test(value) && URL.canParse(value), 'Enter the http:// or https:// address that takes the events');

const profileFields = {
  firstName: safeString({ error: 'Name the agent' }).trim().min(1, 'Name the agent').max(NAME_MAX_LENGTH, `At most ${NAME_MAX_LENGTH} characters`),
  lastName: safeString().trim().max(NAME_MAX_LENGTH, `At most ${NAME_MAX_LENGTH} characters`),
  role: safeString().trim().max(EXTERNAL_AGENT_LIMITS.roleMax, `At most ${EXTERNAL_AGENT_LIMITS.roleMax} characters`),
  description: safeString().trim().max(EXTERNAL_AGENT_LIMITS.descriptionMax, `At most ${EXTERNAL_AGENT_LIMITS.descriptionMax} characters`),
};

export const ZCreateExternalAgentRequest = z.strictObject({
  username: ZUsername,
  firstName: profileFields.firstName,
  lastName: profileFields.lastName.optional(),
  role: profileFields.role.optional(),
  description: profileFields.description.optional(),
  listensTo: z.enum(LISTENS_TO).optional(),
  /** Omitted or null: the agent holds a socket and gets no webhooks. */
  webhookUrl: ZWebhookUrl.nullable().optional(),
});
export type TCreateExternalAgentRequest = z.input<typeof ZCreateExternalAgentRequest>;

/** Every field optional; `webhookUrl: null` turns webhooks off. The avatar uses the AI agents' avatar routes. */
export const ZUpdateExternalAgentRequest = z.strictObject({
  firstName: profileFields.firstName.optional(),
  lastName: profileFields.lastName.optional(),
  role: profileFields.role.optional(),
  description: profileFields.description.optional(),
  listensTo: z.enum(LISTENS_TO).optional(),
  webhookUrl: ZWebhookUrl.nullable().optional(),
});
export type TUpdateExternalAgentRequest = z.input<typeof ZUpdateExternalAgentRequest>;

export const ZExternalAgentParams = z.object({ handle: z.string(), agent: z.uuid({ error: EXTERNAL_AGENT_ERRORS.notFound }) });

/** Start a streamed reply in a conversation; `requestId` names the request it answers (then it is the stream's id). */
export const ZStartAgentReplyRequest = z.strictObject({
  conversationId: z.uuid({ error: 'Conversation not found' }),
  requestId: z.uuid({ error: EXTERNAL_AGENT_ERRORS.requestNotFound }).optional(),
});
export type TStartAgentReplyRequest = z.input<typeof ZStartAgentReplyRequest>;

export const ZAgentReplyParams = z.object({ streamId: z.uuid({ error: EXTERNAL_AGENT_ERRORS.streamNotFound }) });

export const ZAgentReplyDeltaRequest = z.strictObject({
  delta: safeString().min(1, 'Send some text').max(EXTERNAL_AGENT_LIMITS.deltaMax, `At most ${EXTERNAL_AGENT_LIMITS.deltaMax} characters a delta`),
});

/** `content` replaces the streamed text when given (the agent's final word); otherwise the streamed text is stored. */
export const ZFinishAgentReplyRequest = z.strictObject({
  content: safeString().max(MESSAGE_MAX_LENGTH, EXTERNAL_AGENT_ERRORS.replyTooLong).optional(),
});

/** The socket twins of the three reply calls: the same fields, plus the stream's id. */
export const ZSocketAgentReplyDelta = ZAgentReplyDeltaRequest.extend({ streamId: ZAgentReplyParams.shape.streamId });
export const ZSocketAgentReplyFinish = ZFinishAgentReplyRequest.extend({ streamId: ZAgentReplyParams.shape.streamId });
export type TSocketAgentReplyStart = TStartAgentReplyRequest;
export type TSocketAgentReplyDelta = z.input<typeof ZSocketAgentReplyDelta>;
export type TSocketAgentReplyFinish = z.input<typeof ZSocketAgentReplyFinish>;
