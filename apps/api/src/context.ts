import type { Logger } from 'pino';
import type { AppConfig } from './config';
import type { Database, Db } from './db/client';
import type { MailWorker } from './mail/mail-worker';
import type { ModelRegistry } from './ai/model-registry';
import type { ReplyWorker } from './ai/reply-worker';
import type { Metrics } from './observability/metrics';

/** What every route factory and service receives: built once per app in `createApp`. */
export interface AppContext {
  config: AppConfig;
  database: Database;
  db: Db;
  logger: Logger;
  mail: MailWorker;
  /** Prometheus metrics of this server; domain code only increments its counters. */
  metrics?: Metrics;
  /** AI agents' model and reply queue; set once the server has started them. */
  ai?: { models: ModelRegistry; replies: ReplyWorker };
}
