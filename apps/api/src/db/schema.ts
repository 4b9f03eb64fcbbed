import { getTableColumns, sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  boolean,
  check,
  customType,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  unique,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { v7 as uuidv7 } from 'uuid';
import { AUDIT_ACTOR_KINDS, CONVERSATION_TYPES, EXPORT_KINDS, EXPORT_STATUSES, REPORT_RESOLUTIONS, DEFAULT_UNREAD_EMAIL_DELAY, NOTIFY_LEVELS, ROOM_AGENT_TURN_LIMIT_DEFAULT, TOOL_APPROVERS, TOOL_CALL_STATUSES, TOOL_POLICIES, LISTENS_TO, WEBHOOK_DELIVERY_STATUSES } from '@agentroom/shared';
import type { TFileRead, TToolApproval, TToolStep } from '@agentroom/shared';

const id = () => uuid('id').primaryKey().$defaultFn(() => uuidv7());
const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const tstz = (name: string) => timestamp(name, { withTimezone: true });

/** Every user is an agent with an account; AI personas are agents without one. */
export const agents = pgTable(
  'agents',
  {
    id: id(),
    username: text('username').notNull(),
    firstName: text('first_name').notNull().default(''),
    middleName: text('middle_name').notNull().default(''),
    lastName: text('last_name').notNull().default(''),
    role: text('role').notNull().default('Agent'),
    isHuman: boolean('is_human').notNull().default(true),
    /**
     * An agent a team runs outside Agentroom (decision 0025): it speaks the public API with a token of
     * its own (`agent_tokens`) and is never run by our model runner. Always `is_human = false`.
     */
    isExternal: boolean('is_external').notNull().default(false),
    personality: text('personality').notNull().default('A helpful AI assistant'),
    biometric: jsonb('biometric').$type<{ avatarUrl?: string }>().notNull().default({}),
    model: text('model'),
    /**
     * The team that created this AI agent: only its owners and admins edit it, only its active members
     * talk to it, and it joins no other team. People have none.
     */
    ownerTeamId: uuid('owner_team_id').references((): AnyPgColumn => teams.id, { onDelete: 'set null' }),
    /** A person's short status ("In a meeting"), shown on cards and in chats until it expires. */
    statusText: text('status_text').notNull().default(''),
    statusExpiresAt: tstz('status_expires_at'),
    /** Do not disturb until this time (people only): no toasts, sounds, browser or mailed notifications. */
    dndUntil: tstz('dnd_until'),
    /** A daily do-not-disturb window, e.g. { start: '22:00', end: '08:00', timeZone: 'Europe/Lisbon' }. */
    dndSchedule: jsonb('dnd_schedule').$type<{ start: string; end: string; timeZone: string } | null>(),
    /** The person deleted their account: the row stays so their messages read as "Deleted user". */
    deletedAt: tstz('deleted_at'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('agents_username_lower_key').on(sql`lower(${t.username})`),
    index('agents_owner_team_idx').on(t.ownerTeamId),
    check('agents_owner_team_ai_only', sql`${t.isHuman} = false or ${t.ownerTeamId} is null`),
    check('agents_external_not_human', sql`${t.isExternal} = false or ${t.isHuman} = false`),
  ],
);

export const accounts = pgTable(
  'accounts',
  {
    id: id(),
    agentId: uuid('agent_id')
      .notNull()
      .references(() => agents.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    passwordHash: text('password_hash').notNull(),
    emailVerifiedAt: tstz('email_verified_at'),
    passwordChangedAt: tstz('password_changed_at'),
    /**
     * Minutes messages from others may stay unread before one email lists them; null: Off.
     * The unread-mail worker locks this row while it writes such a mail (one node per person at a time).
     */
    unreadMailDelayMinutes: integer('unread_mail_delay_minutes').default(DEFAULT_UNREAD_EMAIL_DELAY),
    /** The language the person chose (`LANGUAGES`); null follows the browser. Mail goes out in it. */
    locale: text('locale'),
    /** Push notifications may carry the message's text (off: "New message from Maya" only). */
    pushPreviews: boolean('push_previews').notNull().default(false),
    /**
     * An instance administrator (decision 0028): the first account made on the instance gets it; the
     * addresses in ADMIN_EMAILS are administrators too, whatever this says.
     */
    isInstanceAdmin: boolean('is_instance_admin').notNull().default(false),
    /** Disabled by an instance administrator: no sign-in, every session and mailed link dead until re-enabled. */
    disabledAt: tstz('disabled_at'),
    disabledBy: uuid('disabled_by').references((): AnyPgColumn => agents.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('accounts_agent_id_key').on(t.agentId),
    uniqueIndex('accounts_email_key').on(t.email),
    check('accounts_email_lower', sql`${t.email} = lower(${t.email})`),
    check('accounts_unread_mail_delay_positive', sql`${t.unreadMailDelayMinutes} is null or ${t.unreadMailDelayMinutes} > 0`),
  ],
);

/** One row per issued login; the JWT's jti. Revoking the row kills the token. */
export const sessions = pgTable(
  'sessions',
  {
    id: id(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    expiresAt: tstz('expires_at').notNull(),
    revokedAt: tstz('revoked_at'),
    userAgent: text('user_agent'),
    /** Last refresh of this session's access token: the sessions list's "last seen". */
    lastSeenAt: tstz('last_seen_at'),
    createdAt: createdAt(),
  },
  (t) => [index('sessions_account_id_idx').on(t.accountId)],
);

/** An account's sign-in at an OpenID Connect provider: the provider's `sub` for it, linked once proven (decision 0027). */
export const ssoIdentities = pgTable(
  'sso_identities',
  {
    id: id(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    /** The provider's id in `OIDC_PROVIDERS`. */
    provider: text('provider').notNull(),
    subject: text('subject').notNull(),
    /** The verified email the provider gave at the last sign-in. */
    email: text('email').notNull(),
    lastSignInAt: tstz('last_sign_in_at'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('sso_identities_provider_subject_key').on(t.provider, t.subject),
    uniqueIndex('sso_identities_account_provider_key').on(t.accountId, t.provider),
  ],
);

export const SSO_TICKET_PURPOSES = ['sign_in', 'link'] as const;

/**
 * What a provider's callback hands the browser, single use and short-lived, only its sha256 kept:
 * `sign_in` is exchanged by the SPA for a session; `link` waits (in an httpOnly cookie of the browser
 * that signed in at the provider) until the person proves they own the account with that email.
 */
export const ssoTickets = pgTable(
  'sso_tickets',
  {
    id: id(),
    tokenHash: text('token_hash').notNull(),
    purpose: text('purpose', { enum: SSO_TICKET_PURPOSES }).notNull(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    provider: text('provider').notNull(),
    subject: text('subject').notNull(),
    email: text('email').notNull(),
    expiresAt: tstz('expires_at').notNull(),
    usedAt: tstz('used_at'),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('sso_tickets_token_hash_key').on(t.tokenHash), index('sso_tickets_expires_idx').on(t.expiresAt)],
);

/** A device's Web Push subscription (decision 0027); forgotten when the push service answers 404 or 410. */
export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    id: id(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    endpoint: text('endpoint').notNull(),
    /** The subscription's keys (base64url): the browser's P-256 public key and its auth secret. */
    p256dh: text('p256dh').notNull(),
    auth: text('auth').notNull(),
    /** The device as the person sees it in the list ("Chrome on Android"), from its user agent. */
    label: text('label').notNull().default(''),
    lastPushedAt: tstz('last_pushed_at'),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('push_subscriptions_endpoint_key').on(t.endpoint), index('push_subscriptions_account_idx').on(t.accountId)],
);

export const EMAIL_TOKEN_PURPOSES = ['verify_email', 'reset_password', 'magic_link', 'change_email', 'delete_account'] as const;
export type TEmailTokenPurpose = (typeof EMAIL_TOKEN_PURPOSES)[number];

/** One table serves every emailed-token flow; only the sha256 of the token is kept. */
export const emailTokens = pgTable(
  'email_tokens',
  {
    id: id(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    purpose: text('purpose', { enum: EMAIL_TOKEN_PURPOSES }).notNull(),
    tokenHash: text('token_hash').notNull(),
    /** change_email: the address the link confirms (the account keeps its old one until then). */
    newEmail: text('new_email'),
    expiresAt: tstz('expires_at').notNull(),
    usedAt: tstz('used_at'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('email_tokens_token_hash_key').on(t.tokenHash),
    index('email_tokens_account_purpose_idx').on(t.accountId, t.purpose),
  ],
);

export const OUTBOX_STATUSES = ['pending', 'sent', 'failed'] as const;

/** Mail waits here, written in the same transaction as its token, until the worker delivers it. */
export const emailOutbox = pgTable(
  'email_outbox',
  {
    id: id(),
    to: text('to').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html').notNull(),
    /** Extra headers, e.g. List-Unsubscribe and List-Unsubscribe-Post (RFC 8058) on notification mail. */
    headers: jsonb('headers').$type<Record<string, string>>().notNull().default({}),
    status: text('status', { enum: OUTBOX_STATUSES }).notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: tstz('next_attempt_at').notNull().defaultNow(),
    sentAt: tstz('sent_at'),
    lastError: text('last_error'),
    createdAt: createdAt(),
  },
  (t) => [
    index('email_outbox_due_idx').on(t.nextAttemptAt).where(sql`${t.status} = 'pending'`),
    index('email_outbox_to_idx').on(t.to, t.createdAt),
  ],
);

export const teams = pgTable(
  'teams',
  {
    id: id(),
    name: text('name').notNull(),
    handle: text('handle').notNull(),
    description: text('description').notNull().default(''),
    isPrivate: boolean('is_private').notNull().default(true),
    maxMembers: integer('max_members').notNull().default(50),
    branding: jsonb('branding').$type<Record<string, string>>().notNull().default({}),
    /**
     * Deleted by an owner: hidden from everyone, restorable by its owners during the grace period
     * (TEAM_DELETE_GRACE_DAYS); then purged, which releases the handle.
     */
    deletedAt: tstz('deleted_at'),
    deletedBy: uuid('deleted_by').references((): AnyPgColumn => agents.id, { onDelete: 'set null' }),
    /** Owners' daily AI token budget for the team (null: the operator's ceiling, AI_TEAM_DAILY_TOKEN_BUDGET); never above that ceiling. */
    dailyTokenBudget: integer('daily_token_budget'),
    /** Owners' daily limit per person inside the team's budget (null: none). */
    personDailyTokenLimit: integer('person_daily_token_limit'),
    /** The UTC day the owners were last told the team passed 80 % of its budget (one notice a day). */
    budgetNoticeDay: text('budget_notice_day'),
    /** Owners' message retention in days (null: kept forever); the retention worker removes older messages (decision 0028). */
    retentionDays: integer('retention_days'),
    /** Retention spares pinned messages (owners' choice). */
    retentionKeepPinned: boolean('retention_keep_pinned').notNull().default(true),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('teams_handle_lower_key').on(sql`lower(${t.handle})`),
    check('teams_retention_days_positive', sql`${t.retentionDays} is null or ${t.retentionDays} > 0`),
  ],
);

export const teamMembers = pgTable(
  'team_members',
  {
    id: id(),
    teamId: uuid('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    agentId: uuid('agent_id')
      .notNull()
      .references(() => agents.id, { onDelete: 'cascade' }),
    role: text('role').notNull().default('member'),
    joinedAt: tstz('joined_at').notNull().defaultNow(),
    leftAt: tstz('left_at'),
  },
  (t) => [
    // One active membership per team and agent; left rows stay as history.
    uniqueIndex('team_members_active_key').on(t.teamId, t.agentId).where(sql`${t.leftAt} is null`),
    index('team_members_agent_idx').on(t.agentId).where(sql`${t.leftAt} is null`),
  ],
);


/**
 * An emailed invitation to a team. Only the token's sha256 is stored; the link is single
 * use and expires. One pending invitation per team and address: inviting again revokes the older one.
 */
export const teamInvitations = pgTable(
  'team_invitations',
  {
    id: id(),
    teamId: uuid('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    tokenHash: text('token_hash').notNull(),
    invitedBy: uuid('invited_by').references(() => agents.id, { onDelete: 'set null' }),
    expiresAt: tstz('expires_at').notNull(),
    acceptedAt: tstz('accepted_at'),
    acceptedBy: uuid('accepted_by').references(() => agents.id, { onDelete: 'set null' }),
    revokedAt: tstz('revoked_at'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('team_invitations_token_hash_key').on(t.tokenHash),
    uniqueIndex('team_invitations_pending_key')
      .on(t.teamId, t.email)
      .where(sql`${t.acceptedAt} is null and ${t.revokedAt} is null`),
  ],
);

export const conversations = pgTable(
  'conversations',
  {
    id: id(),
    type: text('type', { enum: CONVERSATION_TYPES }).notNull().default('personal'),
    teamId: uuid('team_id').references(() => teams.id, { onDelete: 'cascade' }),
    /** Sorted agent ids (+ team id): two concurrent starts meet on this key and create one row. */
    pairKey: text('pair_key').notNull(),
    lastSeq: bigint('last_seq', { mode: 'number' }).notNull().default(0),
    lastMessageAt: tstz('last_message_at'),
    /**
     * Retention removed this conversation's messages up to this seq (pinned ones may remain): history
     * before it is gone, and every member's read cursor is at least here so unread counts stay right.
     */
    removedThroughSeq: bigint('removed_through_seq', { mode: 'number' }).notNull().default(0),
    createdAt: createdAt(),
    // ---- rooms only (type 'room'; decision 0011). A room's pair_key is 'room:<id>'. ----
    /** Channel-style name, unique in the team (lowercase letters, digits, hyphens): its address. */
    name: text('name'),
    topic: text('topic').notNull().default(''),
    /** Private rooms are invisible to team members outside them; open ones can be joined. */
    isPrivate: boolean('is_private').notNull().default(false),
    /** The team's 'general' room: every person of the team is in it (one per team). */
    isGeneral: boolean('is_general').notNull().default(false),
    createdBy: uuid('created_by').references((): AnyPgColumn => agents.id, { onDelete: 'set null' }),
    /** The room's AI agent that answers every message from a person (else agents answer @mentions). */
    answersAllAgentId: uuid('answers_all_agent_id').references((): AnyPgColumn => agents.id, { onDelete: 'set null' }),
    /** At most this many AI agent turns after each message from a person. */
    agentTurnLimit: integer('agent_turn_limit').notNull().default(ROOM_AGENT_TURN_LIMIT_DEFAULT),
    // ---- threads only (type 'thread'; decision 0026). A thread's pair_key is 'thread:<root id>'. ----
    /**
     * The 1:1 or room the thread's root is in. The thread's participants mirror that conversation's
     * (triggers in migration 0013 add and remove them with the parent's), so the access rule, seen
     * markers, mentions and AI turns read the thread like any conversation.
     */
    parentConversationId: uuid('parent_conversation_id').references((): AnyPgColumn => conversations.id, { onDelete: 'cascade' }),
    /** The message the thread answers (in the parent conversation). */
    threadRootMessageId: uuid('thread_root_message_id').references((): AnyPgColumn => messages.id, { onDelete: 'cascade' }),
  },
  (t) => [
    uniqueIndex('conversations_pair_key').on(t.pairKey),
    uniqueIndex('conversations_room_name_key').on(t.teamId, t.name).where(sql`${t.type} = 'room'`),
    uniqueIndex('conversations_general_room_key').on(t.teamId).where(sql`${t.isGeneral}`),
    check('conversations_room_fields', sql`(${t.type} = 'room') = (${t.name} is not null and ${t.teamId} is not null)`),
    check('conversations_thread_fields', sql`(${t.type} = 'thread') = (${t.parentConversationId} is not null and ${t.threadRootMessageId} is not null)`),
    uniqueIndex('conversations_thread_root_key').on(t.threadRootMessageId).where(sql`${t.threadRootMessageId} is not null`),
    index('conversations_parent_idx').on(t.parentConversationId).where(sql`${t.parentConversationId} is not null`),
  ],
);

export const conversationParticipants = pgTable(
  'conversation_participants',
  {
    id: id(),
    conversationId: uuid('conversation_id')
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    agentId: uuid('agent_id')
      .notNull()
      .references(() => agents.id, { onDelete: 'cascade' }),
    lastReadMessageId: uuid('last_read_message_id'),
    lastReadSeq: bigint('last_read_seq', { mode: 'number' }).notNull().default(0),
    /** Messages up to this seq were listed in an unread-messages email (or predate turning the emails on). */
    mailedSeq: bigint('mailed_seq', { mode: 'number' }).notNull().default(0),
    /** Which messages notify this member (toast, browser notification, mail): all, @mentions only, none. */
    notifyLevel: text('notify_level', { enum: NOTIFY_LEVELS }).notNull().default('all'),
    /** Muted: no unread badge or bold row in the sidebar (mentions still count). */
    muted: boolean('muted').notNull().default(false),
    /** Closed from the sidebar at this seq: hidden until a message with a higher seq arrives. */
    closedSeq: bigint('closed_seq', { mode: 'number' }),
    joinedAt: tstz('joined_at').notNull().defaultNow(),
    /**
     * Threads only: this member follows the thread (started it, replied, was mentioned, or chose to),
     * so its new replies count as unread in their Threads view and notify them.
     */
    following: boolean('following').notNull().default(false),
  },
  (t) => [
    uniqueIndex('conversation_participants_key').on(t.conversationId, t.agentId),
    index('conversation_participants_agent_idx').on(t.agentId),
    check('conversation_participants_notify_level', sql`${t.notifyLevel} in ('all', 'mentions', 'none')`),
  ],
);

/** A message pinned for everyone in its conversation (decision 0026): at most PINS_MAX_PER_CONVERSATION each. */
export const messagePins = pgTable(
  'message_pins',
  {
    messageId: uuid('message_id')
      .primaryKey()
      .references(() => messages.id, { onDelete: 'cascade' }),
    conversationId: uuid('conversation_id')
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    pinnedByAgentId: uuid('pinned_by_agent_id').references(() => agents.id, { onDelete: 'set null' }),
    pinnedAt: createdAt(),
  },
  (t) => [index('message_pins_conversation_idx').on(t.conversationId, t.pinnedAt.desc())],
);

/** A message one person saved for themselves (decision 0026); listed only while they can read it. */
export const savedMessages = pgTable(
  'saved_messages',
  {
    agentId: uuid('agent_id')
      .notNull()
      .references(() => agents.id, { onDelete: 'cascade' }),
    messageId: uuid('message_id')
      .notNull()
      .references(() => messages.id, { onDelete: 'cascade' }),
    savedAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.agentId, t.messageId] }), index('saved_messages_agent_idx').on(t.agentId, t.savedAt.desc())],
);

/** One person blocking another: the blocked one cannot message them or see their presence. */
export const agentBlocks = pgTable(
  'agent_blocks',
  {
    blockerAgentId: uuid('blocker_agent_id')
      .notNull()
      .references(() => agents.id, { onDelete: 'cascade' }),
    blockedAgentId: uuid('blocked_agent_id')
      .notNull()
      .references(() => agents.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.blockerAgentId, t.blockedAgentId] }),
    index('agent_blocks_blocked_idx').on(t.blockedAgentId),
    check('agent_blocks_not_self', sql`${t.blockerAgentId} <> ${t.blockedAgentId}`),
  ],
);

/** A report of a person or a message, for the instance's administrators. */
export const abuseReports = pgTable(
  'abuse_reports',
  {
    id: id(),
    reporterAgentId: uuid('reporter_agent_id').references(() => agents.id, { onDelete: 'set null' }),
    subjectAgentId: uuid('subject_agent_id').references(() => agents.id, { onDelete: 'set null' }),
    messageId: uuid('message_id').references((): AnyPgColumn => messages.id, { onDelete: 'set null' }),
    /** The reported message's text when reported: it may be edited or deleted later. */
    messageExcerpt: text('message_excerpt'),
    reason: text('reason').notNull(),
    details: text('details').notNull().default(''),
    resolvedAt: tstz('resolved_at'),
    /** What the administrator did: dismissed it, removed the message, or disabled the account. */
    resolution: text('resolution', { enum: REPORT_RESOLUTIONS }),
    resolvedBy: uuid('resolved_by').references((): AnyPgColumn => agents.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [index('abuse_reports_open_idx').on(t.createdAt).where(sql`${t.resolvedAt} is null`)],
);

export interface TMessageMeta {
  notice?: { code: string; retryable: boolean; jobId?: string };
  stopped?: boolean;
  replyToMessageId?: string;
  /**
   * A regenerated AI reply: the texts of its earlier versions, oldest first; `content` is the newest
   * (and the one the AI sees as history). Type only: meta is jsonb, no migration.
   */
  earlierVersions?: string[];
  /** Agents that act (decision 0024): a reply's tool steps, the files it read, the step limit it hit; an approval card. */
  toolSteps?: TToolStep[];
  filesRead?: TFileRead[];
  stepLimit?: number;
  approval?: TToolApproval;
  /** The messages (by seq, inclusive) the reply's model call read: its "what the agent read" view. */
  readSeqs?: { from: number; to: number };
  /** A thread reply's copy in the thread's conversation ("Also send to #room"; decision 0026): its thread. */
  fromThread?: { threadConversationId: string; rootMessageId: string; parentConversationId: string };
}

/** Postgres's `tsvector`, for the stored search vector of a message (never read by the app). */
const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

export const messages = pgTable(
  'messages',
  {
    id: id(),
    conversationId: uuid('conversation_id')
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    seq: bigint('seq', { mode: 'number' }).notNull(),
    senderAgentId: uuid('sender_agent_id')
      .notNull()
      .references(() => agents.id, { onDelete: 'cascade' }),
    content: text('content').notNull(),
    messageType: text('message_type').notNull().default('text'),
    /** AI reply details: a notice (no model, budget, provider failure) or a reply stopped part-way. */
    meta: jsonb('meta').$type<TMessageMeta>().notNull().default({}),
    clientMessageId: text('client_message_id'),
    createdAt: createdAt(),
    editedAt: tstz('edited_at'),
    /** Deleted by its sender: the row keeps its seq (no gap), its content, files and reactions are gone. */
    deletedAt: tstz('deleted_at'),
    /**
     * The words of `content` for full-text search (chat search-service), kept by Postgres on every
     * insert and edit; stored so that a search walking a conversation newest first checks a match
     * without parsing the text again. Never selected: read rows through `messageColumns`.
     */
    searchVector: tsvector('search_vector').generatedAlwaysAs(sql`to_tsvector('english', content)`),
  },
  (t) => [
    uniqueIndex('messages_conversation_seq_key').on(t.conversationId, t.seq),
    uniqueIndex('messages_sender_client_id_key').on(t.senderAgentId, t.clientMessageId),
    // A conversation's messages newest first: full-text search (chat search-sql.ts) walks each of the
    // caller's conversations down it (`order by created_at desc nulls last, id desc nulls last`).
    index('messages_conversation_created_idx').on(t.conversationId, t.createdAt.desc(), t.id.desc()),
    // Full-text search: a term's matches within one conversation (conversation id and words in one GIN
    // index, by the btree_gin extension), so a rare term costs what that conversation holds of it.
    index('messages_conversation_search_idx').using('gin', t.conversationId, t.searchVector),
  ],
);

/** Every column of `messages` the app reads: all but the search vector, which only search-service's WHERE uses. */
const { searchVector: _searchVector, ...readableMessageColumns } = getTableColumns(messages);
export const messageColumns = readableMessageColumns;

/**
 * Who a message @mentions: one row per mentioned member, written with the message. The
 * mention badge counts the rows past the member's read cursor; the AI reply jobs read them too.
 */
export const messageMentions = pgTable(
  'message_mentions',
  {
    messageId: uuid('message_id')
      .notNull()
      .references(() => messages.id, { onDelete: 'cascade' }),
    conversationId: uuid('conversation_id')
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    seq: bigint('seq', { mode: 'number' }).notNull(),
    agentId: uuid('agent_id')
      .notNull()
      .references(() => agents.id, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ columns: [t.messageId, t.agentId] }),
    index('message_mentions_agent_idx').on(t.agentId, t.conversationId, t.seq),
  ],
);

/** One emoji reaction of one agent on one message; adding it twice or removing it twice changes nothing. */
export const messageReactions = pgTable(
  'message_reactions',
  {
    id: id(),
    messageId: uuid('message_id')
      .notNull()
      .references(() => messages.id, { onDelete: 'cascade' }),
    agentId: uuid('agent_id')
      .notNull()
      .references(() => agents.id, { onDelete: 'cascade' }),
    emoji: text('emoji').notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('message_reactions_key').on(t.messageId, t.agentId, t.emoji)],
);

export const attachments = pgTable(
  'attachments',
  {
    id: id(),
    /** Uploaded into one conversation; attached to a message of it when that message is sent. */
    conversationId: uuid('conversation_id')
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    messageId: uuid('message_id').references(() => messages.id, { onDelete: 'cascade' }),
    uploaderAgentId: uuid('uploader_agent_id')
      .notNull()
      .references(() => agents.id, { onDelete: 'cascade' }),
    filename: text('filename').notNull(),
    mime: text('mime').notNull(),
    size: integer('size').notNull(),
    storageKey: text('storage_key').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('attachments_message_idx').on(t.messageId), index('attachments_conversation_idx').on(t.conversationId)],
);

/**
 * 'waiting': a tool call of the reply waits for a person's approval; deciding queues the job again.
 * 'delegated': an external agent was asked (decision 0025); it answers through the API, never the runner,
 * and `lease_until` is when the request lapses unless it shows a sign of life first.
 */
export const REPLY_JOB_STATUSES = ['queued', 'running', 'waiting', 'delegated', 'done', 'failed', 'cancelled'] as const;
export type TReplyJobStatus = (typeof REPLY_JOB_STATUSES)[number];

/**
 * An AI agent's pending answer to one message. Created in the transaction that stores the message,
 * claimed by any API node (FOR UPDATE SKIP LOCKED + lease), so a crash or restart resumes or fails
 * it visibly and `dedupe_key` makes a second answer to the same message impossible.
 */
export const replyJobs = pgTable(
  'reply_jobs',
  {
    id: id(),
    conversationId: uuid('conversation_id')
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    agentId: uuid('agent_id')
      .notNull()
      .references(() => agents.id, { onDelete: 'cascade' }),
    triggerMessageId: uuid('trigger_message_id')
      .notNull()
      .references(() => messages.id, { onDelete: 'cascade' }),
    teamId: uuid('team_id').references(() => teams.id, { onDelete: 'set null' }),
    /** 'reply:<triggerId>' for the first answer, 'regenerate:<replyId>:<its clientMessageId>' for a regeneration or a notice's retry. */
    dedupeKey: text('dedupe_key').notNull(),
    /** The stored reply (or notice) once the job is over; set from the start for a regeneration (the message it writes into). */
    replyMessageId: uuid('reply_message_id'),
    status: text('status', { enum: REPLY_JOB_STATUSES }).notNull().default('queued'),
    attempts: integer('attempts').notNull().default(0),
    runAfter: tstz('run_after').notNull().defaultNow(),
    leaseUntil: tstz('lease_until'),
    cancelRequested: boolean('cancel_requested').notNull().default(false),
    partialContent: text('partial_content').notNull().default(''),
    errorKind: text('error_kind'),
    error: text('error'),
    // ---- rooms (decision 0012): AI agents answering and asking each other after one message from a person ----
    /** The message from a person that started this chain of agent turns (null outside rooms). */
    chainRootMessageId: uuid('chain_root_message_id').references((): AnyPgColumn => messages.id, { onDelete: 'cascade' }),
    /** 1 for an answer to a person, 2+ for an answer another agent asked for by @mentioning. */
    chainTurn: integer('chain_turn').notNull().default(1),
    /** The AI agent whose reply @mentioned this one ("Nova asked Sage"); null when a person asked. */
    askedByAgentId: uuid('asked_by_agent_id').references((): AnyPgColumn => agents.id, { onDelete: 'set null' }),
    /** The person whose message started the chain: their reply tokens count under their name in usage. */
    requestedByAgentId: uuid('requested_by_agent_id').references((): AnyPgColumn => agents.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    finishedAt: tstz('finished_at'),
  },
  (t) => [
    uniqueIndex('reply_jobs_dedupe_key').on(t.dedupeKey),
    index('reply_jobs_claim_idx').on(t.status, t.runAfter),
    index('reply_jobs_conversation_idx').on(t.conversationId, t.status),
  ],
);

/** Tokens spent per agent per day (UTC), for usage reports and the per-team daily budget. */
export const aiUsage = pgTable(
  'ai_usage',
  {
    id: id(),
    agentId: uuid('agent_id')
      .notNull()
      .references(() => agents.id, { onDelete: 'cascade' }),
    teamId: uuid('team_id').references(() => teams.id, { onDelete: 'cascade' }),
    day: text('day').notNull(),
    promptTokens: integer('prompt_tokens').notNull().default(0),
    completionTokens: integer('completion_tokens').notNull().default(0),
    replies: integer('replies').notNull().default(0),
    /** The person whose message the replies answered (rooms: who started the chain); null for older rows. */
    requestedByAgentId: uuid('requested_by_agent_id').references(() => agents.id, { onDelete: 'set null' }),
  },
  (t) => [
    // Personal chats have no team: NULLS NOT DISTINCT keeps one row per agent, person and day there too.
    unique('ai_usage_agent_team_requester_day').on(t.agentId, t.teamId, t.requestedByAgentId, t.day).nullsNotDistinct(),
    index('ai_usage_team_day_idx').on(t.teamId, t.day),
  ],
);

// ---- agents that act: tools, MCP servers, approvals (decision 0024) ----

/**
 * An MCP server a team's owners or admins registered (Streamable HTTP). Auth headers are stored
 * encrypted (AES-256-GCM, key MCP_SECRET_KEY); only their names are ever shown.
 */
export const mcpServers = pgTable(
  'mcp_servers',
  {
    id: id(),
    teamId: uuid('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    url: text('url').notNull(),
    /** The auth headers as one encrypted JSON object (null: none). Never returned, never logged. */
    headersEncrypted: text('headers_encrypted'),
    /** The names of those headers, shown so owners know what is set. */
    headerNames: jsonb('header_names').$type<string[]>().notNull().default([]),
    createdBy: uuid('created_by').references(() => agents.id, { onDelete: 'set null' }),
    /** When its tools were last listed, and the error of the last listing (null: it worked). */
    toolsListedAt: tstz('tools_listed_at'),
    lastError: text('last_error'),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('mcp_servers_team_name_key').on(t.teamId, sql`lower(${t.name})`)],
);

/** The tools an MCP server listed, as of its last listing. */
export const mcpTools = pgTable(
  'mcp_tools',
  {
    id: id(),
    serverId: uuid('server_id')
      .notNull()
      .references(() => mcpServers.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    inputSchema: jsonb('input_schema').$type<Record<string, unknown>>().notNull().default({}),
  },
  (t) => [uniqueIndex('mcp_tools_server_name_key').on(t.serverId, t.name)],
);


/**
 * One tool's policy for one AI agent, set by its team's managers: runs on its own, needs approval,
 * or off. A built-in tool has no server; a tool without a row takes its default (tool-registry).
 */
export const agentTools = pgTable(
  'agent_tools',
  {
    id: id(),
    agentId: uuid('agent_id')
      .notNull()
      .references(() => agents.id, { onDelete: 'cascade' }),
    serverId: uuid('server_id').references(() => mcpServers.id, { onDelete: 'cascade' }),
    toolName: text('tool_name').notNull(),
    policy: text('policy', { enum: TOOL_POLICIES }).notNull(),
    /** Who may approve a call that needs approval. */
    approvers: text('approvers', { enum: TOOL_APPROVERS }).notNull().default('requester_and_managers'),
    updatedBy: uuid('updated_by').references(() => agents.id, { onDelete: 'set null' }),
    updatedAt: tstz('updated_at').notNull().defaultNow(),
  },
  (t) => [
    unique('agent_tools_agent_server_tool_key').on(t.agentId, t.serverId, t.toolName).nullsNotDistinct(),
    check('agent_tools_policy', sql`${t.policy} in ('auto', 'approval', 'off')`),
  ],
);


/**
 * One tool call of a reply, recorded before it runs and after (a call found 'running' by the node
 * that takes an orphaned job over is never run again: it ends as an error the model is told of).
 * A call that needs approval waits here, with its card message, until decided or expired.
 */
export const toolCalls = pgTable(
  'tool_calls',
  {
    id: id(),
    jobId: uuid('job_id')
      .notNull()
      .references(() => replyJobs.id, { onDelete: 'cascade' }),
    conversationId: uuid('conversation_id')
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    agentId: uuid('agent_id')
      .notNull()
      .references(() => agents.id, { onDelete: 'cascade' }),
    teamId: uuid('team_id').references(() => teams.id, { onDelete: 'set null' }),
    /** The person the tool acts for: whose message started the reply (or its chain). */
    requestedByAgentId: uuid('requested_by_agent_id').references(() => agents.id, { onDelete: 'set null' }),
    /** The model call this came from (1, 2, …) and its place among that call's tool calls. */
    step: integer('step').notNull(),
    callIndex: integer('call_index').notNull(),
    /** The model's id for the call (its `tool` message answers it). */
    callId: text('call_id').notNull(),
    serverId: uuid('server_id').references(() => mcpServers.id, { onDelete: 'set null' }),
    /** The tool as the model named it, and as people read it ("search_messages", "crm.lookup_order"). */
    toolName: text('tool_name').notNull(),
    toolTitle: text('tool_title').notNull(),
    /** The arguments as the model wrote them (kept even when malformed), and parsed (null: not JSON). */
    rawArguments: text('raw_arguments').notNull().default(''),
    arguments: jsonb('arguments').$type<Record<string, unknown> | null>(),
    /** What the model wrote before asking (its reason, shown on an approval card). */
    reason: text('reason').notNull().default(''),
    status: text('status', { enum: TOOL_CALL_STATUSES }).notNull(),
    approvers: text('approvers', { enum: TOOL_APPROVERS }),
    expiresAt: tstz('expires_at'),
    decidedBy: uuid('decided_by').references(() => agents.id, { onDelete: 'set null' }),
    decidedAt: tstz('decided_at'),
    /** The approval card in the conversation (a message of type 'approval'). */
    messageId: uuid('message_id').references(() => messages.id, { onDelete: 'set null' }),
    /** What the model is told: the tool's result (capped), or why there is none. */
    result: text('result'),
    isError: boolean('is_error').notNull().default(false),
    startedAt: tstz('started_at'),
    finishedAt: tstz('finished_at'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('tool_calls_job_step_key').on(t.jobId, t.step, t.callIndex),
    index('tool_calls_pending_idx').on(t.expiresAt).where(sql`${t.status} = 'pending_approval'`),
    index('tool_calls_team_created_idx').on(t.teamId, t.createdAt),
    check(
      'tool_calls_status',
      sql`${t.status} in ('pending_approval', 'approved', 'running', 'done', 'error', 'denied', 'expired')`,
    ),
  ],
);

/** The text of an attachment as agents read it: extracted once per file, off the send path. */
export const attachmentExtracts = pgTable('attachment_extracts', {
  attachmentId: uuid('attachment_id')
    .primaryKey()
    .references(() => attachments.id, { onDelete: 'cascade' }),
  status: text('status', { enum: ['done', 'failed'] }).notNull(),
  text: text('text').notNull().default(''),
  /** PDFs: how many pages were read. */
  pages: integer('pages'),
  /** Why the file could not be read (shown as a notice step). */
  error: text('error'),
  createdAt: createdAt(),
});

// ---- open seats (decision 0025): agents a team runs outside Agentroom ----

/** An external agent's settings; its profile is its `agents` row (`is_external`, `owner_team_id`). */
export const externalAgents = pgTable(
  'external_agents',
  {
    agentId: uuid('agent_id')
      .primaryKey()
      .references(() => agents.id, { onDelete: 'cascade' }),
    teamId: uuid('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    listensTo: text('listens_to', { enum: LISTENS_TO }).notNull().default('mentions'),
    /** Where its events are POSTed (null: it holds a socket instead). Checked against the host rule. */
    webhookUrl: text('webhook_url'),
    /** The webhook signing secret, sealed like MCP headers (AES-256-GCM); shown once, when made. */
    webhookSecretSealed: text('webhook_secret_sealed'),
    createdBy: uuid('created_by').references((): AnyPgColumn => agents.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [index('external_agents_team_idx').on(t.teamId)],
);

/**
 * An external agent's API token: only its SHA-256 is kept (the token is shown once). One live token
 * per agent; rotating revokes the old one in the same transaction. Its id is the `sessionId` of the
 * caller's auth state, so revoking it ends its sockets the way a revoked session does.
 */
export const agentTokens = pgTable(
  'agent_tokens',
  {
    id: id(),
    agentId: uuid('agent_id')
      .notNull()
      .references(() => agents.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    /** The token's last four characters, so managers can tell tokens apart. */
    hint: text('hint').notNull(),
    createdBy: uuid('created_by').references((): AnyPgColumn => agents.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    lastUsedAt: tstz('last_used_at'),
    revokedAt: tstz('revoked_at'),
  },
  (t) => [uniqueIndex('agent_tokens_hash_key').on(t.tokenHash), index('agent_tokens_agent_idx').on(t.agentId)],
);

/**
 * A reply an external agent is streaming: its text so far, kept here so deltas sent to any node get
 * the right offset. `jobId` is the request it answers (then the stream's id is the job's id).
 */
export const externalStreams = pgTable(
  'external_streams',
  {
    id: uuid('id').primaryKey(),
    agentId: uuid('agent_id')
      .notNull()
      .references(() => agents.id, { onDelete: 'cascade' }),
    conversationId: uuid('conversation_id')
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    jobId: uuid('job_id').references((): AnyPgColumn => replyJobs.id, { onDelete: 'set null' }),
    text: text('text').notNull().default(''),
    /** The stored message once finished; a finished stream takes no more deltas. */
    messageId: uuid('message_id'),
    createdAt: createdAt(),
    updatedAt: tstz('updated_at').notNull().defaultNow(),
  },
  (t) => [index('external_streams_updated_idx').on(t.updatedAt)],
);

/** The webhook outbox: an event for an external agent's URL, written in the transaction that caused it. */
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: id(),
    agentId: uuid('agent_id')
      .notNull()
      .references(() => agents.id, { onDelete: 'cascade' }),
    event: text('event').notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    status: text('status', { enum: WEBHOOK_DELIVERY_STATUSES }).notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: tstz('next_attempt_at').notNull().defaultNow(),
    leaseUntil: tstz('lease_until'),
    /** The receiver's last HTTP status (null: no answer), and what went wrong, for the managers' view. */
    lastStatus: integer('last_status'),
    lastError: text('last_error'),
    createdAt: createdAt(),
    deliveredAt: tstz('delivered_at'),
  },
  (t) => [index('webhook_deliveries_due_idx').on(t.status, t.nextAttemptAt), index('webhook_deliveries_agent_idx').on(t.agentId, t.createdAt)],
);

/**
 * Who changed rights or configuration, what, where, from which address (decision 0028). Written in the
 * transaction of the change (a rolled-back change leaves none); a trigger of migration 0015 refuses
 * every UPDATE and DELETE. No foreign keys: a row outlives its actor, team and target, so it keeps
 * their names as they were.
 */
export const auditEvents = pgTable(
  'audit_events',
  {
    id: id(),
    createdAt: createdAt(),
    actorKind: text('actor_kind', { enum: AUDIT_ACTOR_KINDS }).notNull(),
    /** The person or external agent (null: the system, e.g. the retention worker). */
    actorAgentId: uuid('actor_agent_id'),
    actorName: text('actor_name').notNull().default(''),
    teamId: uuid('team_id'),
    action: text('action').notNull(),
    targetKind: text('target_kind'),
    targetId: text('target_id'),
    targetName: text('target_name').notNull().default(''),
    /** The client address of the request that made the change (null: no request, e.g. a worker). */
    ip: text('ip'),
    details: jsonb('details').$type<Record<string, unknown>>().notNull().default({}),
  },
  (t) => [
    index('audit_events_team_idx').on(t.teamId, t.createdAt.desc(), t.id.desc()),
    index('audit_events_created_idx').on(t.createdAt.desc(), t.id.desc()),
    index('audit_events_actor_idx').on(t.actorAgentId, t.createdAt.desc()),
  ],
);

/**
 * A person's export of their own data, or an owner's of their team (decision 0028): built in the
 * background by any node (claimed with a lease), a ZIP in file storage until `expires_at`. The download
 * link is single use: only its token's sha256 is kept, and taking the file clears it.
 */
export const dataExports = pgTable(
  'data_exports',
  {
    id: id(),
    kind: text('kind', { enum: EXPORT_KINDS }).notNull(),
    requestedBy: uuid('requested_by')
      .notNull()
      .references(() => agents.id, { onDelete: 'cascade' }),
    teamId: uuid('team_id').references(() => teams.id, { onDelete: 'cascade' }),
    status: text('status', { enum: EXPORT_STATUSES }).notNull().default('queued'),
    /** 0–100, for the progress bar. */
    progress: integer('progress').notNull().default(0),
    attempts: integer('attempts').notNull().default(0),
    leaseUntil: tstz('lease_until'),
    storageKey: text('storage_key'),
    size: bigint('size', { mode: 'number' }),
    error: text('error'),
    downloadTokenHash: text('download_token_hash'),
    downloadTokenExpiresAt: tstz('download_token_expires_at'),
    downloadedAt: tstz('downloaded_at'),
    /** The ZIP is deleted at this time (the row stays, as 'expired'). */
    expiresAt: tstz('expires_at'),
    finishedAt: tstz('finished_at'),
    createdAt: createdAt(),
  },
  (t) => [
    index('data_exports_requested_by_idx').on(t.requestedBy, t.createdAt.desc()),
    index('data_exports_team_idx').on(t.teamId, t.createdAt.desc()),
    index('data_exports_due_idx').on(t.createdAt).where(sql`${t.status} in ('queued', 'running')`),
    uniqueIndex('data_exports_token_hash_key').on(t.downloadTokenHash),
    check('data_exports_team_kind', sql`(${t.kind} = 'team') = (${t.teamId} is not null)`),
    check('data_exports_progress_range', sql`${t.progress} between 0 and 100`),
  ],
);
