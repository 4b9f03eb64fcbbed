import { createAgentInbox } from './external-agents/agent-inbox';
import { createServer, type Server as HttpServer } from 'node:http';
import { hostname } from 'node:os';
import type { AddressInfo } from 'node:net';
import { createAdapter } from '@socket.io/redis-adapter';
import type { Express } from 'express';
import { Redis } from 'ioredis';
import { pino, type Logger } from 'pino';
import { replyJobQueue } from './ai/reply-service';
import { createModelRegistry } from './ai/model-registry';
import { startReplyWorker, type ReplyWorker } from './ai/workers/reply-worker';
import { startApprovalExpiryWorker, type ApprovalExpiryWorker } from './ai/approvals/approval-expiry-worker';
import { startRequestExpiryWorker, type RequestExpiryWorker } from './ai/request-expiry-worker';
import { createApp } from './app';
import { createSessionCache, forgetAuth } from './auth/session-cache';
import { createAccessTokenCache } from './auth/tokens';
import { createConversationMembersCache, forgetStaleConversationMembers } from './chat/conversation-members-cache';
import { createGroupCommit } from './chat/group-commit';
import { createMessageLimit } from './chat/message-limit';
import { createMessageWriter, type MessageWriter } from './chat/message-service';
import { createSendMessage } from './chat/send-message';
import { startOrphanUploadSweeper } from './chat/orphan-upload-sweeper';
import type { AppConfig } from './config';
import type { AppContext, TeamMembershipHooks } from './context';
import type { DomainEventBus, DomainEvents } from './core/domain-events';
import { createEventBus } from './core/event-bus';
import { openDatabase } from './db/client';
import { seedDemoData } from './demo/demo-seed';
import { backfillGeneralRooms, joinGeneralRoom, leaveTeamRooms } from './rooms/room-membership';
import { teamMembershipChanged } from './chat/conversation-access-changes';
import { startMailWorker, type MailWorker } from './mail/mail-worker';
import { webhookSink } from './webhooks/webhook-sink';
import { startWebhookWorker, type WebhookWorker } from './webhooks/webhook-worker';
import { startTeamPurgeWorker } from './teams/team-purge-worker';
import { startExportWorker } from './exports/export-worker';
import { startRetentionWorker, type RetentionWorker } from './retention/retention-worker';
import { startUnreadMailWorker, type UnreadMailWorker } from './notifications/unread-mail-worker';
import { createCardPresence } from './realtime/card-presence';
import { subscribeAgentUpdates } from './realtime/agent-updates';
import { relayNodeStateEvents } from './realtime/cross-node';
import type { NodeStateEvents } from './realtime/node-state-events';
import { subscribeSessionEnds } from './realtime/session-ends';
import { subscribeFanOut } from './realtime/fan-out';
import { createMemoryPresence, createRedisPresence } from './realtime/presence';
import { withSafeSerializers } from './http/log-safety';
import { createAgentReplyLimit, createSocketEventLimit } from './realtime/socket-handlers';
import { CommandsInFlight } from './realtime/commands-in-flight';
import { createSocketServer } from './realtime/socket-server';
import type { AppSocketServer } from './realtime/socket-types';
import { rateLimitRedis } from './http/fallback-store';
import { ignoreFailedPubSub, resyncClientsOnReconnect } from './realtime/adapter-outage';
import { startNodeHeartbeat, type NodeHeartbeat } from './realtime/node-heartbeat';
import { createMetrics } from './observability/metrics';
import { createFileStorage } from './storage/create-file-storage';
import { startPushNotifier, type PushNotifier } from './push/push-notifier';

export interface RunningServer {
  url: string;
  port: number;
  ctx: AppContext;
  app: Express;
  httpServer: HttpServer;
  io: AppSocketServer;
  /** Socket commands started and not yet acked (shutdown answers them before it disconnects the sockets). */
  commandsInFlight: CommandsInFlight;
  mailWorker: MailWorker;
  replyWorker: ReplyWorker;
  /** Expires tool calls nobody approved in time (tests run a sweep now). */
  approvalExpiry: ApprovalExpiryWorker;
  /** External agents' requests nobody answered in time (decision 0025). */
  requestExpiry: RequestExpiryWorker;
  unreadMailWorker: UnreadMailWorker;
  /** Teams' message retention (tests run it now, at a moved clock). */
  retention: RetentionWorker;
  /** Delivers external agents' webhooks (tests run due deliveries now). */
  webhookWorker: WebhookWorker;
  /** Builds data exports (decision 0028): tests build due ones now, or pause the worker to see one queued. */
  exports: { runOnce(): Promise<number>; pause(): Promise<void> };
  /** How people's messages are written (the group commit inside it). */
  messageWriter: MessageWriter;
  /** Web Push (tests wait until what was stored has been decided). */
  push: PushNotifier;
  /** With Redis: this node's heartbeat and the other nodes it hears (decision 0030). */
  nodeHeartbeat?: NodeHeartbeat;
  seeded: boolean;
  close(): Promise<void>;
}

/**
 * The composition root: the one place that builds every instance and wires who hears what. Opens
 * the database, migrates, seeds when empty, and serves REST + Socket.IO on one port.
 */
export async function startServer(config: AppConfig, options: { logger?: Logger; pgliteDump?: Blob } = {}): Promise<RunningServer> {
  const logger = withSafeSerializers(options.logger ?? pino({ level: config.logLevel }));
  // First: a missing bucket stops the start before anything else is open.
  const files = await createFileStorage(config, logger);
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, poolSize: config.databasePoolSize, pgliteDump: options.pgliteDump });
  // Nodes starting together take turns: one migrates and seeds, the others then find it done.
  const seeded = await database.withStartupLock(async () => {
    await database.migrate();
    const seededNow = config.seedDemo ? await seedDemoData(database.db, config) : false;
    // Teams from before rooms get their #general with all their people (idempotent: nothing to do later).
    await backfillGeneralRooms(database.db);
    return seededNow;
  });

  const metrics = createMetrics(database.db);
  const redis = config.redisUrl ? createRedisClients(config.redisUrl, logger) : undefined;
  // Health and lockouts use the command client; rate limits count on it too, their fall-backs to memory said once each way.
  const appRedis = redis ? { client: redis.command, rateLimits: rateLimitRedis(redis.command, logger) } : undefined;
  const presenceStore = redis ? createRedisPresence(redis.pub, logger) : createMemoryPresence();
  const models = createModelRegistry(config, logger);
  const onSubscriberError = (error: unknown, event: PropertyKey) => logger.error({ err: error, event }, 'event subscriber failed');
  const events = createEventBus<DomainEvents>(onSubscriberError);
  // What made per-node caches stale, on this node or another (realtime/cross-node.ts relays it).
  const nodeEvents = createEventBus<NodeStateEvents>(onSubscriberError);
  const ctx: AppContext = {
    config,
    database,
    db: database.db,
    logger,
    events,
    caches: { accessTokens: createAccessTokenCache(config), sessions: createSessionCache(), conversationMembers: createConversationMembersCache() },
    files,
    presence: createCardPresence(presenceStore, () => models.isAvailable()),
    replyJobs: replyJobQueue,
    teamMembership: teamMembershipHooks(events),
    agentInbox: createAgentInbox(events, [webhookSink(events)]),
  };

  // Workers: they poll on their own and are woken by the events that queue their work.
  const mail = startMailWorker(database.db, config, logger, metrics);
  const replies = startReplyWorker(ctx, models, { metrics });
  const approvalExpiry = startApprovalExpiryWorker(ctx, replies);
  const requestExpiry = startRequestExpiryWorker(ctx, replies);
  const sweeper = startOrphanUploadSweeper(ctx);
  const unreadMail = startUnreadMailWorker(ctx);
  const webhooks = startWebhookWorker(ctx);
  // Deleted teams past their grace period go for good.
  const teamPurge = startTeamPurgeWorker(ctx);
  // Data exports: ZIPs built in the background, expired ones deleted.
  const exportsWorker = startExportWorker(ctx);
  // Teams' message retention (decision 0028).
  const retention = startRetentionWorker(ctx);
  // Web Push to people's devices about what they would otherwise miss (decision 0027).
  const push = startPushNotifier(ctx, metrics.registry);
  const subscriptions = [
    events.subscribe('mail.queued', () => mail.kick()),
    events.subscribe('webhooks.queued', () => webhooks.kick()),
    events.subscribe('exports.queued', () => exportsWorker.kick()),
    events.subscribe('message.created', ({ repliesQueued }) => (repliesQueued ? replies.kick() : undefined)),
    events.subscribe('message.created', () => metrics.messagesStored.inc()),
  ];

  // One send command for both ways of sending (HTTP and the socket's message:send), so one budget per person.
  const messageLimit = createMessageLimit(ctx, appRedis?.rateLimits);
  const messageWriter = createMessageWriter(ctx, createGroupCommit(database, config));
  const sendMessage = createSendMessage(ctx, { messageLimit, writer: messageWriter });
  const app = createApp(ctx, { redis: appRedis, replies, metrics, messageLimit, sendMessage, webDistDir: config.webDistDir });
  const httpServer = createServer(app);
  const commandsInFlight = new CommandsInFlight();
  const io = createSocketServer(ctx, httpServer, presenceStore, {
    sendMessage,
    eventLimit: createSocketEventLimit(),
    agentReplyLimit: createAgentReplyLimit(),
    commands: commandsInFlight,
  });
  metrics.countSocketsWith(() => io.engine.clientsCount);
  if (redis) {
    ignoreFailedPubSub(redis.pub, redis.sub);
    io.adapter(createAdapter(redis.pub, redis.sub, { key: config.redisChannel }));
    resyncClientsOnReconnect(io, redis, logger);
  }
  const multiNode = Boolean(redis);
  subscriptions.push(
    relayNodeStateEvents(events, nodeEvents, io, { multiNode }),
    forgetStaleConversationMembers(nodeEvents, ctx.caches.conversationMembers),
    nodeEvents.subscribe('session.revoked', (what) => forgetAuth(ctx.caches.sessions, what)),
    nodeEvents.subscribe('session.changed', ({ accountId }) => forgetAuth(ctx.caches.sessions, { accountId })),
    subscribeSessionEnds(events, io),
    subscribeFanOut(events, io, { multiNode }),
    subscribeAgentUpdates(ctx, events, io),
  );

  await new Promise<void>((resolve, reject) => {
    httpServer.once('error', reject);
    httpServer.listen(config.port, config.host, () => resolve());
  });
  const { port } = httpServer.address() as AddressInfo;
  // Host and port name the node across restarts; its start time tells one run from the next.
  const nodeHeartbeat = redis
    ? startNodeHeartbeat(io, { nodeId: `${hostname()}:${port}`, intervalMs: config.nodeHeartbeatMs, subscriber: redis.sub, logger })
    : undefined;

  return {
    url: `http://127.0.0.1:${port}`,
    port,
    ctx,
    app,
    httpServer,
    io,
    commandsInFlight,
    mailWorker: mail,
    replyWorker: replies,
    approvalExpiry,
    requestExpiry,
    unreadMailWorker: unreadMail,
    retention,
    webhookWorker: webhooks,
    exports: { runOnce: () => exportsWorker.runOnce(), pause: () => exportsWorker.pause() },
    messageWriter,
    push,
    nodeHeartbeat,
    seeded,
    close: async () => {
      // Nothing may publish through the adapter once its Redis connections start closing.
      subscriptions.forEach((unsubscribe) => unsubscribe());
      sweeper.stop();
      // Decisions under way finish while presence and the database are still open; pushes in flight are cut short.
      await push.stop();
      // A pass under way finishes (its mail is committed with its marks, or neither) before the database closes.
      await unreadMail.stop();
      await teamPurge.stop();
      await exportsWorker.stop();
      await retention.stop();
      await approvalExpiry.stop();
      await requestExpiry.stop();
      await replies.stop();
      await new Promise<void>((resolve) => io.close(() => resolve()));
      // No send arrives any more: what the group commit holds is stored before the database closes.
      await messageWriter.groupCommit.close();
      // Nothing this node stores from here on is broadcast (the subscriptions are gone), so the other
      // nodes' clients fetch what they missed once they hear it leave. A crash says nothing: they
      // notice its silence instead (realtime/node-heartbeat.ts).
      nodeHeartbeat?.leave();
      // No request or socket reads them any more: verified tokens and checked sessions go with the node.
      ctx.caches.accessTokens.verified.clear();
      ctx.caches.sessions.clear();
      // This node's presence leaves Redis before the connections do.
      await presenceStore.close().catch(() => undefined);
      await mail.stop();
      // Deliveries in flight are cut short and recorded (due again) before the database closes.
      await webhooks.stop();
      // A connection Redis already dropped cannot QUIT; closing must not fail for that.
      const clients = redis ? [redis.command, redis.pub, redis.sub] : [];
      await Promise.all(clients.map((client) => client.quit().catch(() => client.disconnect())));
      await database.close();
      await files.close();
    },
  };
}

/**
 * What a team membership that begins or ends does to rooms and chat, inside its transaction (decision
 * 0017): a person joins #general; whoever leaves leaves the team's rooms; both may change access.
 */
function teamMembershipHooks(events: DomainEventBus): TeamMembershipHooks {
  return {
    async joined(tx, { teamId, agentId, isHuman, isCreator }) {
      await teamMembershipChanged(tx, events, agentId);
      if (isHuman) await joinGeneralRoom(tx, events, teamId, agentId, { isCreator });
    },
    async left(tx, teamId, agentIds) {
      const roomsLeft = await leaveTeamRooms(tx, events, teamId, agentIds);
      for (const agentId of agentIds) await teamMembershipChanged(tx, events, agentId, roomsLeft.get(agentId));
    },
    async accessChanged(tx, agentIds) {
      for (const agentId of agentIds) await teamMembershipChanged(tx, events, agentId);
    },
  };
}

function createRedisClients(url: string, logger: Logger) {
  const make = () => {
    const client = new Redis(url, { maxRetriesPerRequest: 3 });
    client.on('error', (error) => logger.warn({ err: error }, 'redis error'));
    return client;
  };
  return { command: make(), pub: make(), sub: make() };
}
