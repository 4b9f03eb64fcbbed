import { afterEach, describe, expect, it, vi } from 'vitest';
import { CommandsInFlight } from '../../src/realtime/commands-in-flight';

afterEach(() => {
  vi.useRealTimers();
});

/** Whether the promise has settled by now (after pending callbacks ran). */
async function isSettled(promise: Promise<unknown>): Promise<boolean> {
  let settled = false;
  void promise.then(() => (settled = true));
  await vi.advanceTimersByTimeAsync(0);
  return settled;
}

describe('commands in flight', () => {
  it('is settled at once when nothing is under way', async () => {
    vi.useFakeTimers();
    const commands = new CommandsInFlight();
    commands.begin();
    commands.end();
    expect(await isSettled(commands.settled(60_000))).toBe(true);
  });

  it('settles when the last command under way ends, not before', async () => {
    vi.useFakeTimers();
    const commands = new CommandsInFlight();
    commands.begin();
    commands.begin();
    const settled = commands.settled(60_000);
    commands.end();
    expect(await isSettled(settled)).toBe(false);
    commands.begin(); // one arriving meanwhile is waited for too
    commands.end();
    expect(await isSettled(settled)).toBe(false);
    commands.end();
    expect(await isSettled(settled)).toBe(true);
    expect(commands.size).toBe(0);
  });

  it('gives up at the deadline on a command that does not end', async () => {
    vi.useFakeTimers();
    const commands = new CommandsInFlight();
    commands.begin();
    const settled = commands.settled(2_000);
    await vi.advanceTimersByTimeAsync(1_999);
    expect(await isSettled(settled)).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(await isSettled(settled)).toBe(true);
    // A later wait is not woken by the one that gave up, and still settles when the command ends.
    const later = commands.settled(60_000);
    commands.end();
    expect(await isSettled(later)).toBe(true);
  });
});
