import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { existsSync } from 'node:fs';
import { loadConfig } from './config';
import { DEMO_LOGIN } from './demo/demo-seed';
import { exitGracefullyOnSignals } from './graceful-shutdown';
import { devMailboxEnabled } from './mail/dev-mailbox-routes';
import { startServer } from './server';

// A .env beside the repository root is read when present; real environment variables win.
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
for (const file of [path.join(root, '.env'), '.env']) if (existsSync(file)) process.loadEnvFile(file);

process.env.DATA_DIR ??= path.join(root, '.data');
const config = loadConfig();
config.webDistDir ??= path.join(root, 'apps/web/dist');

const server = await startServer(config);
const { logger } = server.ctx;
logger.info(
  `Agentroom is running at ${config.appUrl} (database: ${server.ctx.database.kind}${config.redisUrl ? ', redis' : ''}${config.smtpUrl ? ', smtp' : devMailboxEnabled(config) ? ', dev mailbox at /dev/mailbox (this machine only)' : ', no SMTP_URL: mail is not sent'})`,
);
if (config.seedDemo) logger.info(`Demo login: ${DEMO_LOGIN.username} / ${DEMO_LOGIN.password}`);

exitGracefullyOnSignals(server, { timeoutMs: config.shutdownTimeoutMs, logger });
