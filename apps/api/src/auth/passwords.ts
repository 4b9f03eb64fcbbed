import { hash, verify } from '@node-rs/argon2';
import type { AppConfig } from '../config';

const ARGON2ID = 2; // Algorithm.Argon2id; a const enum, so named here rather than imported

export function hashPassword(password: string, config: AppConfig): Promise<string> {
  return hash(password, {
    algorithm: ARGON2ID,
    memoryCost: config.argon2.memoryCost,
    timeCost: config.argon2.timeCost,
    parallelism: 1,
  });
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

let dummyHash: Promise<string> | undefined;
/** Spends the same time as a real check when no account matches, so timing tells nothing. */
export async function burnPasswordCheck(password: string, config: AppConfig): Promise<void> {
  dummyHash ??= hashPassword('agentroom-dummy-password', config);
  await verifyPassword(await dummyHash, password);
}
