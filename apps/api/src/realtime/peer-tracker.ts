/** What a node says about itself through the adapter (realtime/node-heartbeat.ts). */
export interface NodeHeartbeatEvent {
  /** Stable across restarts of the same node (host and port). */
  nodeId: string;
  /** When this run of the node started (ms): a new value is a new run, whatever the nodeId. */
  startedAt: number;
  /** Said once, on a graceful shutdown, after the node's last broadcasts. */
  leaving?: boolean;
}

export interface PeerRun {
  nodeId: string;
  startedAt: number;
}

/**
 * The other API nodes this node hears, by the time each last spoke (this node's clock: no clock of
 * another node is ever compared with it). Pure, so its rules are tested without timers.
 */
export function createPeerTracker(self: PeerRun, silenceMs: number) {
  const peers = new Map<string, { startedAt: number; lastHeardAt: number }>();
  return {
    /**
     * A heartbeat arrived. `lost`: a run of a peer ended (it said it is leaving, or the same node
     * speaks with a new startedAt, so its previous run ended without a word). `isNew`: a run this
     * node did not know.
     */
    heard(beat: NodeHeartbeatEvent, now: number): { lost: boolean; isNew: boolean } {
      if (beat.nodeId === self.nodeId && beat.startedAt === self.startedAt) return { lost: false, isNew: false };
      const known = peers.get(beat.nodeId);
      if (beat.leaving) {
        // Even a run never heard before: what it stored after its last broadcast reached nobody.
        if (known?.startedAt === beat.startedAt) peers.delete(beat.nodeId);
        return { lost: known === undefined || known.startedAt === beat.startedAt, isNew: false };
      }
      if (known?.startedAt === beat.startedAt) {
        known.lastHeardAt = now;
        return { lost: false, isNew: false };
      }
      // An older beat of a run already replaced (late on the wire) changes nothing.
      if (known && known.startedAt > beat.startedAt) return { lost: false, isNew: false };
      peers.set(beat.nodeId, { startedAt: beat.startedAt, lastHeardAt: now });
      return { lost: known !== undefined, isNew: true };
    },
    /** Peers silent for longer than `silenceMs`: forgotten, and returned. */
    sweep(now: number): PeerRun[] {
      const lost: PeerRun[] = [];
      for (const [nodeId, peer] of peers)
        if (now - peer.lastHeardAt > silenceMs) {
          peers.delete(nodeId);
          lost.push({ nodeId, startedAt: peer.startedAt });
        }
      return lost;
    },
    /** This node could hear nobody for a while: every peer's silence counts from now. */
    heardAllAt(now: number): void {
      for (const peer of peers.values()) peer.lastHeardAt = now;
    },
    peers(): PeerRun[] {
      return [...peers].map(([nodeId, { startedAt }]) => ({ nodeId, startedAt }));
    },
  };
}
