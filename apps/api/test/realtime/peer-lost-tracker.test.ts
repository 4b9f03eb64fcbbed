import { describe, expect, it } from 'vitest';
import { createPeerTracker } from '../../src/realtime/peer-tracker';

const SILENCE = 300;
const self = { nodeId: 'self:3000', startedAt: 1 };
const tracker = () => createPeerTracker(self, SILENCE);

/** The rules by which a node decides another one is gone, on a clock of the test's own. */
describe('the peers a node tracks', () => {
  it('keeps a peer that keeps speaking, and loses it after a silence longer than the limit', () => {
    const peers = tracker();
    expect(peers.heard({ nodeId: 'b:3000', startedAt: 5 }, 0)).toEqual({ lost: false, isNew: true });
    expect(peers.heard({ nodeId: 'b:3000', startedAt: 5 }, 200)).toEqual({ lost: false, isNew: false });
    expect(peers.sweep(500)).toEqual([]);
    expect(peers.sweep(501)).toEqual([{ nodeId: 'b:3000', startedAt: 5 }]);
    expect(peers.peers()).toEqual([]);
    // Heard again later: a peer like a new one, nothing lost.
    expect(peers.heard({ nodeId: 'b:3000', startedAt: 5 }, 600)).toEqual({ lost: false, isNew: true });
  });

  it('loses a peer that says it is leaving, known or not', () => {
    const peers = tracker();
    peers.heard({ nodeId: 'b:3000', startedAt: 5 }, 0);
    expect(peers.heard({ nodeId: 'b:3000', startedAt: 5, leaving: true }, 10)).toEqual({ lost: true, isNew: false });
    expect(peers.peers()).toEqual([]);
    expect(peers.heard({ nodeId: 'c:3000', startedAt: 7, leaving: true }, 10)).toEqual({ lost: true, isNew: false });
  });

  it('takes a new start time of the same node as its previous run lost, at once, and tracks the new run', () => {
    const peers = tracker();
    peers.heard({ nodeId: 'b:3000', startedAt: 5 }, 0);
    expect(peers.heard({ nodeId: 'b:3000', startedAt: 9 }, 50)).toEqual({ lost: true, isNew: true });
    expect(peers.peers()).toEqual([{ nodeId: 'b:3000', startedAt: 9 }]);
    // A late beat or goodbye of the old run changes nothing.
    expect(peers.heard({ nodeId: 'b:3000', startedAt: 5 }, 60)).toEqual({ lost: false, isNew: false });
    expect(peers.heard({ nodeId: 'b:3000', startedAt: 5, leaving: true }, 60)).toEqual({ lost: false, isNew: false });
    expect(peers.peers()).toEqual([{ nodeId: 'b:3000', startedAt: 9 }]);
  });

  it('ignores its own heartbeat, and counts silence from the moment it can hear again', () => {
    const peers = tracker();
    expect(peers.heard(self, 0)).toEqual({ lost: false, isNew: false });
    peers.heard({ nodeId: 'b:3000', startedAt: 5 }, 0);
    peers.heardAllAt(1_000);
    expect(peers.sweep(1_200)).toEqual([]);
    expect(peers.sweep(1_301)).toEqual([{ nodeId: 'b:3000', startedAt: 5 }]);
  });
});
