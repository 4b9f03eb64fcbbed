import type { KeyObject } from 'node:crypto';
import type { TChatMessage } from '@agentroom/shared';
import type { LRUCache } from 'lru-cache';
import type { Logger } from 'pino';
import type { AppConfig } from './config';
import type { DomainEventBus } from './core/domain-events';
import type { Database, Db, DbOrTx, Tx } from './db/client';
import type { AgentRow, ConversationMemberRow, ConversationRow, MessageRow, ReplyJobRow } from './db/rows';
import type { FileStorage } from './storage/file-storage';

/** Who is calling: a live session of an account and its agent. */
export interface AuthState {
  /** A person's session; for an external agent, its token's id (revoking it ends its sockets the same way). */
  sessionId: string;
  /** A person's account; an external agent has none, and carries its own agent id here. */
  accountId: string;
  agentId: string;
  isVerified: boolean;
  /** Set when the caller is an external agent speaking with its API token (decision 0025). */
  external?: { teamId: string; tokenHash: string };
}

/** An access token's claims as verified, and when the token expires (ms since the epoch). */
export interface VerifiedAccessToken {
  claims: { sessionId: string; accountId: string };
  expiresAt: number;
}

/** Per-node memory in front of the two reads on every request and send (see decision 0007). */
export interface AppCaches {
  /** The signing key made once from the secret, and the token strings it has verified (auth/tokens.ts). */
  accessTokens: { key: KeyObject; verified: LRUCache<string, VerifiedAccessToken> };
  /** sessionId → its checked state, for a few seconds. */
  sessions: LRUCache<string, AuthState>;
  /** conversationId → its participants and their agents. */
  conversationMembers: LRUCache<string, ConversationMemberRow[]>;
}

/** Online state per agent id for cards: true/false, or null when unknown. */
export type PresenceReader = (agents: readonly { id: string; isHuman: boolean }[]) => Promise<Map<string, boolean | null>>;

/** A message as stored inside its transaction, for work that must commit or roll back with it. */
export interface StoredMessage {
  conversation: ConversationRow;
  message: MessageRow;
  sender: AgentRow;
  recipients: AgentRow[];
}

/** The AI's part of storing a message: its reply jobs are written in the message's transaction. */
export interface ReplyJobQueue {
  /**
   * Whether a message of `content` from `sender` to `recipients` asks for replies (decided before any
   * write; in a room it depends on the @mentions and on the agent that answers everything).
   */
  wants(target: Omit<StoredMessage, 'message'>, content: string): boolean;
  /**
   * Queues the replies; answers whether any job was queued. `presented` is the message as readers
   * are shown it (an external agent asked to answer it is sent that).
   */
  enqueue(ctx: AppContext, tx: Tx, stored: StoredMessage, presented: TChatMessage): Promise<boolean>;
}

/** A team membership that began (a person or AI agent joined, or created the team). */
interface TeamJoin {
  teamId: string;
  agentId: string;
  isHuman: boolean;
  /** The agent created the team (it is also its #general's creator). */
  isCreator?: boolean;
}

/**
 * What the rest of the domain does when people join or leave a team, run by the teams module inside
 * the membership's transaction (so a person who joins a team is in its #general in the same commit).
 * Built in `server.ts` from rooms and chat, so teams imports neither (decision 0017).
 */
export interface TeamMembershipHooks {
  joined(tx: DbOrTx, join: TeamJoin): Promise<void>;
  /** The agents' memberships of the team ended (they left, were removed, or the team was deleted). */
  left(tx: DbOrTx, teamId: string, agentIds: string[]): Promise<void>;
  /** The team was deleted or restored: its members' access to its conversations changed, memberships did not. */
  accessChanged(tx: DbOrTx, agentIds: string[]): Promise<void>;
}

/** A request to an external agent: a reply job of its own, answered through the API (decision 0025). */
export interface AgentRequest {
  job: ReplyJobRow;
  /** The message it is asked to answer (stored in the same transaction or earlier), as readers are shown it. */
  message: TChatMessage;
  conversation: ConversationRow;
}

/**
 * What external agents are told (decision 0025), written inside the transaction that caused it:
 * socket events go out after the commit, webhook deliveries are outbox rows of the same commit.
 * Built in `server.ts`, so chat and ai never import the external-agents module.
 */
export interface AgentInbox {
  /** A message stored where external agents are among the recipients: each hears it as its setting says. */
  heard(tx: DbOrTx, stored: StoredMessage, presented: TChatMessage): Promise<void>;
  /** External agents were asked to answer (their delegated reply jobs were written). */
  asked(tx: DbOrTx, requests: AgentRequest[]): Promise<void>;
  /** Requests ended without their agent: stopped by someone, or lapsed. */
  ended(tx: DbOrTx, requests: { jobId: string; agentId: string; conversationId: string; reason: 'stopped' | 'expired' }[]): Promise<void>;
}

/**
 * What the domain may ask of this node's reply runner (started in server.ts and handed to the AI
 * routes): the reply service wakes, stops and reads replies through this, never through the runner.
 */
export interface ReplyRunner {
  /** Look for due reply jobs now (after a commit that queued one) instead of at the next poll. */
  kick(): void;
  /** Stops a reply this node is writing at once; false when it is not writing it (the node that is notices the stop at its next checkpoint). */
  abortLocal(jobId: string): boolean;
  /** The text so far of a reply this node is writing, and the attempt writing it. */
  liveText(jobId: string): { text: string; attempt: number } | undefined;
}

/**
 * What every service and route factory receives, built whole in `server.ts` (the composition root)
 * before anything uses it: no field is set later, and nothing here imports a domain module.
 */
export interface AppContext {
  config: AppConfig;
  database: Database;
  db: Db;
  logger: Logger;
  events: DomainEventBus;
  caches: AppCaches;
  /** Where uploads and avatars live on disk. */
  files: FileStorage;
  presence: PresenceReader;
  replyJobs: ReplyJobQueue;
  teamMembership: TeamMembershipHooks;
  agentInbox: AgentInbox;
}
