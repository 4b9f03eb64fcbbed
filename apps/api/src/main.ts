import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { existsSync } from 'node:fs';
import { loadConfig } from './config';
import { DEMO_LOGIN } from './db/seed';
import { devMailboxEnabled } from './mail/dev-mailbox-routes';
import { startServer } from './server';

// A .env beside the repository root is read when present; real environment variables win.
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
for (const file of [path.join(root, '.env'), '.env']) if (existsSync(file)) process.loadEnvFile(file);

process.env.DATA_DIR ??= path.join(root, '.data');
const config = loadConfig();
config.webDistDir ??= path.join(root, 'apps/web/dist');

const server = await startServer(config);
const publicUrl = config.appUrl;
server.ctx.logger.info(
  `Agentroom is running at ${publicUrl} (database: ${server.ctx.database.kind}${config.redisUrl ? ', redis' : ''}${config.smtpUrl ? ', smtp' : devMailboxEnabled(config) ? ', dev mailbox at /dev/mailbox (this machine only)' : ', no SMTP_URL: mail is not sent'})`,
);
console.log(`\n  Agentroom → ${publicUrl}\n  Demo login: ${DEMO_LOGIN.username} / ${DEMO_LOGIN.password}\n`);

let closing = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    if (closing) return;
    closing = true;
    server.close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  });
}
