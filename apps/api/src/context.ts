import type { LRUCache } from 'lru-cache';
import type { Logger } from 'pino';
import type { AppConfig } from './config';
import type { DomainEventBus } from './core/domain-events';
import type { Database, Db, DbOrTx } from './db/client';
import type { AgentRow, ConversationMemberRow, ConversationRow, MessageRow } from './db/rows';
import type { FileStorage } from './storage/file-storage';

/** Who is calling: a live session of an account and its agent. */
export interface AuthState {
  sessionId: string;
  accountId: string;
  agentId: string;
  isVerified: boolean;
}

/** Per-node memory in front of the two reads on every request and send (see decision 0007). */
export interface AppCaches {
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
  /** Queues the replies; answers whether any job was queued. */
  enqueue(tx: DbOrTx, stored: StoredMessage): Promise<boolean>;
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
}
