import { randomFillSync } from 'node:crypto';
import { v7 as uuidv7 } from 'uuid';

/**
 * A source of UUIDv7 ids for new messages (RFC 9562: millisecond time first, then a counter, then
 * random bits), one per group commit. uuid's own v7 asks webcrypto for 16 fresh bytes per id (a
 * native call with its checks, ≈ 3 % of a send's CPU in the profiles of docs/benchmarks-history.md); these
 * come from a pool filled 4 KiB at a time.
 */
export function createMessageIds(): () => string {
  const pool = Buffer.allocUnsafe(4096);
  let used = pool.length;
  // As uuid keeps it: within one millisecond the 31-bit counter goes up, so the ids of one source only increase.
  const state = { msecs: -Infinity, seq: 0 };
  return () => {
    if (used + 16 > pool.length) {
      randomFillSync(pool);
      used = 0;
    }
    const random = pool.subarray(used, (used += 16));
    const now = Date.now();
    if (now > state.msecs) {
      state.msecs = now;
      state.seq = ((random[6]! & 0x7f) << 24) | (random[7]! << 16) | (random[8]! << 8) | random[9]!;
    } else {
      state.seq = (state.seq + 1) | 0;
      if (state.seq === 0) state.msecs += 1;
    }
    return uuidv7({ random, msecs: state.msecs, seq: state.seq });
  };
}
