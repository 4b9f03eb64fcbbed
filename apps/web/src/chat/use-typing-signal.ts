import { useCallback, useEffect, useRef } from 'react';
import { TYPING_IDLE_MS } from '@agentroom/shared';

/**
 * The typing signal: typing-started on the first character, typing-stopped after 2 s without a keystroke, on
 * submit (call `stop`), when the text is cleared, and on leaving (unmount).
 */
export function useTypingSignal(onTypingChange: (isTyping: boolean) => void) {
  const typing = useRef(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const latest = useRef(onTypingChange);
  useEffect(() => {
    latest.current = onTypingChange;
  });

  const stop = useCallback(() => {
    clearTimeout(timer.current);
    timer.current = undefined;
    if (!typing.current) return;
    typing.current = false;
    latest.current(false);
  }, []);

  const activity = useCallback(
    (text: string) => {
      if (!text) return stop();
      if (!typing.current) {
        typing.current = true;
        latest.current(true);
      }
      clearTimeout(timer.current);
      timer.current = setTimeout(stop, TYPING_IDLE_MS);
    },
    [stop],
  );

  useEffect(() => stop, [stop]);
  return { activity, stop };
}
