import { createHash, randomUUID } from 'node:crypto';
import { pino, type Logger } from 'pino';
import request from 'supertest';
import { loadConfig, type AppConfig } from '../../src/config';
import { startServer, type RunningServer } from '../../src/server';
import { hashPassword } from '../../src/auth/passwords';
import { createSession } from '../../src/auth/sessions-repo';
import { signAccessToken } from '../../src/auth/tokens';
import { accounts, agents } from '../../src/db/schema';
import { presentUser } from '../../src/users/presenters';
import { startMailCapture, tokenFromMail, type MailCapture } from '@agentroom/testkit';
import { withContractChecks } from './contract-check';
import { createTestDatabase, type TestDatabase } from './test-database';

export interface TestServer extends RunningServer {
  mail: MailCapture;
  api: () => ReturnType<typeof request>;
  stop(): Promise<void>;
}

/**
 * The real server on a random port with its own database and a real SMTP capture.
 * `env` overrides settings as environment variables would (e.g. { RATE_LIMIT_LOGIN_MAX: '3' };
 * { SMTP_URL: '' } runs without SMTP, with the dev mailbox); `options.logger` captures the logs.
 */
export async function startTestServer(
  env: Record<string, string> = {},
  tweak?: (config: AppConfig) => void,
  options: { logger?: Logger } = {},
): Promise<TestServer> {
  const mail = await startMailCapture();
  // A caller that brings its own database (two nodes on one, a restart on a data dir) needs no new one.
  const ownDatabase = env.DATABASE_URL !== undefined || env.DATA_DIR !== undefined;
  const database: TestDatabase = ownDatabase ? { dataDir: 'memory://', drop: async () => {} } : await createTestDatabase();
  const config = loadConfig({
    NODE_ENV: 'test',
    PORT: '0',
    HOST: '127.0.0.1',
    DATA_DIR: 'memory://',
    JWT_SECRET: 'test-secret-that-is-at-least-32-characters-long',
    SMTP_URL: mail.url,
    APP_URL: 'http://agentroom.test',
    SEED_DEMO: 'false',
    ARGON2_MEMORY_KIB: '8192',
    RATE_LIMIT_LOGIN_MAX: '1000',
    RATE_LIMIT_REGISTER_MAX: '1000',
    RATE_LIMIT_MAIL_MAX: '1000',
    RATE_LIMIT_MESSAGES_PER_MINUTE: '100000',
    RATE_LIMIT_UPLOADS_PER_MINUTE: '10000',
    // Test files run at once on one Redis: nodes on one database (a second one started with the same
    // env or from the first's config) hear each other, never another test's nodes.
    REDIS_CHANNEL: `agentroom-test:${createHash('sha256')
      .update(env.DATABASE_URL ?? database.databaseUrl ?? randomUUID())
      .digest('hex')
      .slice(0, 24)}`,
    ...(database.databaseUrl ? { DATABASE_URL: database.databaseUrl } : {}),
    ...env,
  });
  tweak?.(config);
  const server = await startServer(config, {
    logger: options.logger ?? pino({ level: process.env.TEST_LOG_LEVEL ?? 'silent' }),
    pgliteDump: database.pgliteDump,
  });
  return {
    ...server,
    mail,
    // Every response a test reads is also checked against the shared contract (contract-check.ts).
    api: () => withContractChecks(request(server.url)),
    stop: async () => {
      await server.close();
      await mail.close();
      await database.drop();
    },
  };
}

let counter = 0;
/** Unique names per call, so tests never collide inside one database. */
export function uniqueUser(prefix = 'user') {
  counter += 1;
  const id = `${prefix}${counter}${Math.random().toString(36).slice(2, 7)}`;
  return { username: id, email: `${id}@example.test`, password: 'Passw0rdOk', firstName: 'Test', lastName: prefix };
}

/** The real sign-up: registers, follows the verification mail, signs in. For tests about that flow. */
export async function registerThroughMail(server: TestServer, prefix = 'user') {
  const input = uniqueUser(prefix);
  const reg = await server.api().post('/api/v1/auth/register').send(input).expect(201);
  const mail = await server.mail.nextMail(input.email);
  await server.api().post('/api/v1/auth/email/verify-email').send({ token: tokenFromMail(mail, '/auth/verify-email') }).expect(200);
  const login = await server.api().post('/api/v1/auth/login').send({ username: input.username, password: input.password }).expect(200);
  return { ...input, token: login.body.data.token as string, user: login.body.data.user, agentId: reg.body.data.user.agentId as string };
}

// Every test user has the same password, so one argon2 hash serves them all.
const passwordHashes = new Map<string, Promise<string>>();

/**
 * A verified user with a live session, for tests that are not about signing up (the auth tests cover
 * that through registerThroughMail): the rows are inserted directly and the token comes from the real
 * session module, so it works everywhere a login token does, password included. Same shape as
 * registerThroughMail.
 */
export async function signUpVerified(server: TestServer, prefix = 'user') {
  const input = uniqueUser(prefix);
  const { config } = server.ctx;
  let passwordHash = passwordHashes.get(input.password);
  if (!passwordHash) passwordHashes.set(input.password, (passwordHash = hashPassword(input.password, config)));
  const hash = await passwordHash;
  const { account, agent } = await server.ctx.db.transaction(async (tx) => {
    const [agent] = await tx
      .insert(agents)
      .values({ username: input.username, firstName: input.firstName, lastName: input.lastName, isHuman: true, role: 'Member' })
      .returning();
    const [account] = await tx
      .insert(accounts)
      .values({ agentId: agent!.id, email: input.email, passwordHash: hash, emailVerifiedAt: new Date() })
      .returning();
    return { account: account!, agent: agent! };
  });
  const session = await createSession(server.ctx.db, account.id, config);
  const token = signAccessToken(server.ctx, { sessionId: session.id, accountId: account.id });
  return { ...input, token, user: presentUser(account, agent, config.adminEmails), agentId: agent.id };
}
