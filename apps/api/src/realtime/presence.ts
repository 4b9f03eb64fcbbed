import { randomUUID } from 'node:crypto';
import type { Redis } from 'ioredis';
import type { Logger } from 'pino';

/**
 * Socket counts per agent. An agent is online while any socket of theirs is connected on any node.
 * In memory for one node; with Redis each node keeps its own hash (agentId → count) under a key that
 * expires unless the node keeps refreshing it, so a crashed node's sockets stop counting.
 */
export interface PresenceStore {
  /** Adds one socket; answers this node's count for the agent afterwards. */
  connect(agentId: string): Promise<number>;
  /** Removes one socket; answers this node's count for the agent afterwards. */
  disconnect(agentId: string): Promise<number>;
  onlineOf(agentIds: readonly string[]): Promise<Map<string, boolean>>;
  close(): Promise<void>;
}

export function createMemoryPresence(): PresenceStore {
  const counts = new Map<string, number>();
  return {
    async connect(agentId) {
      const next = (counts.get(agentId) ?? 0) + 1;
      counts.set(agentId, next);
      return next;
    },
    async disconnect(agentId) {
      const next = Math.max(0, (counts.get(agentId) ?? 0) - 1);
      if (next === 0) counts.delete(agentId);
      else counts.set(agentId, next);
      return next;
    },
    async onlineOf(agentIds) {
      return new Map(agentIds.map((id) => [id, (counts.get(id) ?? 0) > 0]));
    },
    async close() {
      counts.clear();
    },
  };
}

const NODES_KEY = 'agentroom:presence:nodes';
const NODE_TTL_SECONDS = 30;
const HEARTBEAT_MS = 10_000;

/**
 * One socket fewer, in one step: between a separate decrement and delete, a socket of the same agent
 * connecting (count 0 → 1) would have its count deleted and show a connected person offline.
 */
const LEAVE_SCRIPT = `
local count = redis.call('HINCRBY', KEYS[1], ARGV[1], -1)
if count <= 0 then
  redis.call('HDEL', KEYS[1], ARGV[1])
  return 0
end
return count`;
type WithLeave = Redis & { presenceLeave(nodeKey: string, agentId: string): Promise<number> };

function withLeaveCommand(redis: Redis): WithLeave {
  // defineCommand runs EVALSHA and sends the script again when a restarted Redis no longer has it.
  if (!('presenceLeave' in redis)) redis.defineCommand('presenceLeave', { numberOfKeys: 1, lua: LEAVE_SCRIPT });
  return redis as WithLeave;
}

export function createRedisPresence(client: Redis, logger: Logger): PresenceStore {
  const redis = withLeaveCommand(client);
  const nodeKey = `agentroom:presence:node:${randomUUID()}`;
  const refresh = () => redis.multi().expire(nodeKey, NODE_TTL_SECONDS).sadd(NODES_KEY, nodeKey).exec();
  const heartbeat = setInterval(() => {
    refresh().catch((error: unknown) => logger.warn({ err: error }, 'presence heartbeat failed'));
  }, HEARTBEAT_MS);
  heartbeat.unref();

  return {
    async connect(agentId) {
      const result = await redis
        .multi()
        .hincrby(nodeKey, agentId, 1)
        .expire(nodeKey, NODE_TTL_SECONDS)
        .sadd(NODES_KEY, nodeKey)
        .exec();
      return Number(result?.[0]?.[1] ?? 1);
    },
    async disconnect(agentId) {
      return Number(await redis.presenceLeave(nodeKey, agentId));
    },
    async onlineOf(agentIds) {
      const online = new Map(agentIds.map((id) => [id, false]));
      if (agentIds.length === 0) return online;
      const nodes = await redis.smembers(NODES_KEY);
      if (nodes.length === 0) return online;
      const pipeline = redis.pipeline();
      for (const node of nodes) pipeline.exists(node).hmget(node, ...agentIds);
      const replies = (await pipeline.exec()) ?? [];
      const dead: string[] = [];
      nodes.forEach((node, index) => {
        const exists = Number(replies[index * 2]?.[1] ?? 0);
        if (!exists) return void dead.push(node);
        const counts = (replies[index * 2 + 1]?.[1] ?? []) as (string | null)[];
        counts.forEach((count, i) => {
          if (Number(count ?? 0) > 0) online.set(agentIds[i]!, true);
        });
      });
      // Expired node keys mean crashed nodes: forget them.
      if (dead.length) await redis.srem(NODES_KEY, ...dead);
      return online;
    },
    async close() {
      clearInterval(heartbeat);
      await redis.multi().del(nodeKey).srem(NODES_KEY, nodeKey).exec();
    },
  };
}
