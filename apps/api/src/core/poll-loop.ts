/**
 * The loop both workers (mail outbox, AI replies) run: a pass claims leased rows until none are
 * due; `kick` asks for a pass now (after a commit that queued work), coalescing kicks that arrive
 * during a pass into one more pass; a timer polls for work other nodes queued or leases that ran out.
 */
export interface PollLoop {
  kick(): void;
  /** Resolves when no pass is running (work a pass started elsewhere may still be running). */
  idle(): Promise<void>;
  /** Runs a pass now and resolves once it is over (tests; the loop runs passes on its own). */
  sweepNow(): Promise<void>;
  stop(): Promise<void>;
  readonly stopped: boolean;
}

export function startPollLoop(options: {
  pollMs: number;
  /** One claim-and-start round; answers true when it may have left due work behind (claim again). */
  pass: () => Promise<boolean>;
  onError: (error: unknown) => void;
}): PollLoop {
  let running: Promise<void> | undefined;
  let again = false;
  let stopped = false;

  async function loop() {
    do {
      again = false;
      while (!stopped && (await options.pass()));
    } while (again && !stopped);
  }

  function kick() {
    if (stopped) return;
    if (running) {
      again = true;
      return;
    }
    running = loop()
      .catch(options.onError)
      .finally(() => {
        running = undefined;
      });
  }

  const timer = setInterval(kick, options.pollMs);
  timer.unref();
  kick();

  const idle = async () => {
    while (running) await running;
  };
  return {
    kick,
    idle,
    async sweepNow() {
      await idle();
      kick();
      await idle();
    },
    async stop() {
      stopped = true;
      clearInterval(timer);
      while (running) await running;
    },
    get stopped() {
      return stopped;
    },
  };
}
