import type { BenchSettings } from '../settings';
import type { BenchUser } from './api-client';
import type { MailCapture } from '@agentroom/testkit';

export type SqlTarget = { kind: 'pglite'; dataDir: string } | { kind: 'postgres'; url: string; poolSize: number };

/** What a scenario gets: running API node(s) of one database variant and its users. */
export interface VariantContext {
  name: 'pglite' | 'postgres';
  settings: BenchSettings;
  apiUrls: string[];
  serverPids: () => number[];
  mail: MailCapture;
  users: BenchUser[];
  sql: SqlTarget;
  /**
   * Runs `work` while direct SQL may open the database: PGlite allows one process at a time, so the
   * API is stopped around it and started again on the same data; Postgres needs no pause.
   */
  withDatabaseAccess<T>(work: () => Promise<T>): Promise<T>;
  /** Processes whose CPU a step reports beside the API's: database backends, Redis. */
  otherProcesses(): Promise<Record<string, number[]>>;
  log: (line: string) => void;
}
