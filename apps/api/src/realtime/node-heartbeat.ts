import type { Redis } from 'ioredis';
import type { Logger } from 'pino';
import { createPeerTracker, type NodeHeartbeatEvent, type PeerRun } from './peer-tracker';
import type { AppSocketServer } from './socket-types';

/** A peer silent for this many heartbeats is taken for dead. */
const SILENT_BEATS = 3;

export interface NodeHeartbeat extends PeerRun {
  /** The runs of other nodes this node hears now. */
  peers(): PeerRun[];
  /** Says this node is leaving and stops: call after the node's last broadcast, before Redis closes. */
  leave(): void;
}

/**
 * A node killed between a message's commit and its cross-node broadcast takes that broadcast with
 * it: Redis pub/sub keeps nothing, and the other nodes' clients would not see the message until they
 * reconnect. So every node says it is alive through the adapter every `intervalMs`, and tracks the
 * others; when one falls silent for three beats, says it is leaving, or comes back as a new run,
 * this node tells its own clients to fetch what they may have missed (`sync:resync`, `peer-lost`).
 * Every node does the same for its own clients, so all of them are told once (decision 0030).
 *
 * The message was committed before the node died, and the dead node's silence is noticed at least
 * two beats after its death, so the clients' fetch finds it: a client sees it at the latest about
 * four beats after the dead node's last heartbeat (three of silence, one between checks).
 *
 * While this node's own subscriber is down it hears nobody: silence then says nothing about the
 * peers (adapter-outage.ts resyncs once the connection is back), and counts again from there.
 */
export function startNodeHeartbeat(
  io: AppSocketServer,
  options: { nodeId: string; intervalMs: number; subscriber: Redis; logger: Logger },
): NodeHeartbeat {
  const { nodeId, intervalMs, subscriber, logger } = options;
  const self = { nodeId, startedAt: Date.now() };
  const tracker = createPeerTracker(self, SILENT_BEATS * intervalMs);
  let deaf = subscriber.status !== 'ready';

  const beat = () => io.serverSideEmit('node:heartbeat', self);
  const resync = (lost: PeerRun[]) => {
    logger.warn({ peers: lost }, 'an API node is gone: clients fetch what they may have missed');
    io.local.emit('sync:resync', { reason: 'peer-lost' });
  };
  const onHeartbeat = (heard: NodeHeartbeatEvent) => {
    const { lost, isNew } = tracker.heard(heard, Date.now());
    if (lost) resync([{ nodeId: heard.nodeId, startedAt: heard.startedAt }]);
    // A newcomer learns of this node now rather than a beat later.
    if (isNew) beat();
  };
  const onSubscriberClosed = () => {
    deaf = true;
  };
  const onSubscriberReady = () => {
    deaf = false;
    tracker.heardAllAt(Date.now());
  };
  const check = () => {
    beat();
    if (deaf) return;
    const lost = tracker.sweep(Date.now());
    if (lost.length > 0) resync(lost);
  };

  io.on('node:heartbeat', onHeartbeat);
  subscriber.on('close', onSubscriberClosed);
  subscriber.on('ready', onSubscriberReady);
  const timer = setInterval(check, intervalMs);
  timer.unref();
  // The first beat waits until this node hears the channel: the adapter's SUBSCRIBEs were queued on
  // this connection before the PING, so its answer means they are in force. Two nodes starting
  // together could otherwise each beat before the other listened, stay unknown to each other for a
  // whole interval, and a death in that interval would go unnoticed. Now the later one to listen is
  // heard by the earlier, which answers it at once (isNew).
  let left = false;
  // A node that leaves before the PING is answered says nothing more (its goodbye was its last word).
  const firstBeat = () => {
    if (!left) beat();
  };
  subscriber.ping().then(firstBeat, firstBeat);
  return {
    ...self,
    peers: () => tracker.peers(),
    leave() {
      if (left) return;
      left = true;
      clearInterval(timer);
      io.off('node:heartbeat', onHeartbeat);
      subscriber.off('close', onSubscriberClosed);
      subscriber.off('ready', onSubscriberReady);
      io.serverSideEmit('node:heartbeat', { ...self, leaving: true });
    },
  };
}
