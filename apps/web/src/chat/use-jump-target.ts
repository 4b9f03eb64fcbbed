import { useEffect, useState } from 'react';
import { useLocation, useSearchParams } from 'react-router';

/** The URL parameter that opens a chat at a message: `?at=<seq>` (a search hit's link). */
export const JUMP_PARAM = 'at';

const seqOf = (value: string | null): number | undefined => {
  if (!value || !/^\d{1,15}$/.test(value)) return undefined;
  const seq = Number(value);
  return seq >= 1 ? seq : undefined;
};

/** Which message to open the chat at, and a key that changes with every jump (the same hit twice included). */
export interface JumpTarget {
  seq: number;
  key: number;
}

/** The URL parameter of the thread open beside a conversation: `?thread=<root message id>` (thread-url.ts). */
export const THREAD_PARAM = 'thread';

/**
 * Reads `?at=<seq>` once per jump and takes it out of the URL again (replace), so a reload or a
 * shared link of the chat afterwards opens at the newest messages as usual. A later `?at=` on the
 * same page (another hit in this conversation) jumps again. Beside `?thread=`, `at` is a place in
 * that thread: the thread's conversation reads it (`inThread`), the conversation around it does not.
 */
export function useJumpTarget(inThread = false): JumpTarget | undefined {
  const [params, setParams] = useSearchParams();
  const { state: locationState } = useLocation() as { state: unknown };
  const raw = params.has(THREAD_PARAM) === inThread ? params.get(JUMP_PARAM) : null;
  const seq = seqOf(raw);
  const [state, setState] = useState(() => ({ target: seq === undefined ? undefined : { seq, key: 1 }, handled: raw }));
  // `at` changed (state adjusted during render, so the load starts with the new target at once).
  if (raw !== state.handled) {
    const target = raw !== null && seq !== undefined ? { seq, key: (state.target?.key ?? 0) + 1 } : state.target;
    setState({ target, handled: raw });
  }

  useEffect(() => {
    if (raw === null) return;
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete(JUMP_PARAM);
        return next;
      },
      // The navigation state (the agent a team card handed over) stays.
      { replace: true, preventScrollReset: true, state: locationState },
    );
  }, [raw, setParams, locationState]);

  return state.target;
}
