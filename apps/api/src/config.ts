import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { isIP } from 'node:net';
import path from 'node:path';
import webpush from 'web-push';
import { z } from 'zod';
import { SSO_PROVIDER_ID_PATTERN, TEAM_DELETE_GRACE_DAYS_DEFAULT } from '@agentroom/shared';

const emptyAsUndefined = (value: unknown) => (value === '' ? undefined : value);
const optionalUrl = z.preprocess(emptyAsUndefined, z.string().url().optional());
const positiveInt = (fallback: number) => z.coerce.number().int().positive().default(fallback);

/** Every environment variable the API reads, parsed once. `.env.example` documents each. */
const ZEnv = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('127.0.0.1'),
  TRUST_PROXY: z.string().default('loopback'),
  APP_URL: optionalUrl,
  DATA_DIR: z.string().default('.data'),
  DATABASE_URL: optionalUrl,
  DATABASE_POOL_SIZE: positiveInt(10),
  REDIS_URL: optionalUrl,
  REDIS_CHANNEL: z.string().regex(/^[A-Za-z0-9:_-]{1,64}$/, 'letters, digits, colon, underscore or dash (at most 64)').default('agentroom:sio'),
  SMTP_URL: optionalUrl,
  MAIL_FROM: z.string().default('Agentroom <no-reply@agentroom.local>'),
  ADMIN_EMAILS: z.string().default(''),
  JWT_SECRET: z.preprocess(emptyAsUndefined, z.string().min(32).optional()),
  JWT_TTL_SECONDS: positiveInt(60 * 60),
  SESSION_TTL_DAYS: positiveInt(30),
  TEAM_DELETE_GRACE_DAYS: positiveInt(TEAM_DELETE_GRACE_DAYS_DEFAULT),
  ARGON2_MEMORY_KIB: positiveInt(19_456),
  ARGON2_TIME_COST: positiveInt(2),
  RATE_LIMIT_WINDOW_SECONDS: positiveInt(15 * 60),
  RATE_LIMIT_LOGIN_MAX: positiveInt(20),
  RATE_LIMIT_REGISTER_MAX: positiveInt(10),
  RATE_LIMIT_MAIL_MAX: positiveInt(5),
  RATE_LIMIT_MESSAGES_PER_MINUTE: positiveInt(120),
  RATE_LIMIT_UPLOADS_PER_MINUTE: positiveInt(30),
  LOGIN_LOCKOUT_MAX_FAILURES: positiveInt(10),
  LOGIN_LOCKOUT_WINDOW_SECONDS: positiveInt(15 * 60),
  LOGIN_LOCKOUT_SECONDS: positiveInt(15 * 60),
  WEB_DIST_DIR: z.string().optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  LLM_BASE_URL: optionalUrl,
  LLM_API_KEY: z.string().optional(),
  LLM_MODEL: z.string().optional(),
  AI_MAX_CONCURRENT_PER_AGENT: positiveInt(2),
  AI_TEAM_DAILY_TOKEN_BUDGET: positiveInt(500_000),
  AI_CONTEXT_TOKENS: positiveInt(4000),
  AI_IDLE_TIMEOUT_MS: positiveInt(60_000),
  AI_MAX_ATTEMPTS: positiveInt(3),
  AI_LEASE_MS: positiveInt(30_000),
  LLM_SUPPORTS_TOOLS: z.enum(['true', 'false']).default('true'),
  LLM_SUPPORTS_IMAGES: z.enum(['true', 'false']).default('false'),
  AI_MAX_TOOL_STEPS: positiveInt(8),
  AI_APPROVAL_TTL_MINUTES: positiveInt(60),
  AI_TOOL_RESULT_MAX_CHARS: positiveInt(20_000),
  EXTERNAL_AGENT_ANSWER_TIMEOUT_MS: positiveInt(120_000),
  MCP_SECRET_KEY: z.preprocess(emptyAsUndefined, z.string().min(32).optional()),
  MCP_ALLOWED_HOSTS: z.string().default(''),
  MCP_TIMEOUT_MS: positiveInt(15_000),
  MCP_MAX_RESPONSE_BYTES: positiveInt(1_000_000),
  WEBHOOK_TIMEOUT_MS: positiveInt(10_000),
  WEBHOOK_MAX_ATTEMPTS: positiveInt(8),
  WEBHOOK_RETRY_BASE_MS: z.coerce.number().int().min(0).default(10_000),
  VAPID_PUBLIC_KEY: z.preprocess(emptyAsUndefined, z.string().optional()),
  VAPID_PRIVATE_KEY: z.preprocess(emptyAsUndefined, z.string().optional()),
  VAPID_SUBJECT: z.preprocess(emptyAsUndefined, z.string().regex(/^(mailto:|https:\/\/)\S+$/, 'must be a mailto: or https: URL').optional()),
  PUSH_ALLOWED_HOSTS: z.string().default(''),
  PUSH_TIMEOUT_MS: positiveInt(10_000),
  SEED_DEMO: z.enum(['true', 'false']).default('true'),
  METRICS_TOKEN: z.preprocess(emptyAsUndefined, z.string().min(16).optional()),
  SHUTDOWN_TIMEOUT_MS: positiveInt(10_000),
  NODE_HEARTBEAT_MS: positiveInt(2_000),
  UNREAD_MAIL_POLL_MS: positiveInt(30_000),
  UNREAD_MAIL_MINUTE_MS: positiveInt(60_000),
  // Message retention (decision 0028): how often the worker looks, and the most messages one transaction removes.
  RETENTION_INTERVAL_MS: positiveInt(60 * 60_000),
  RETENTION_BATCH_SIZE: positiveInt(500),
  OIDC_PROVIDERS: z.string().default(''),
  SSO_EMAIL_DOMAINS: z.string().default(''),
  // Shared file storage (decision 0029): a bucket turns S3 on; without one files stay under DATA_DIR.
  S3_BUCKET: z.preprocess(emptyAsUndefined, z.string().optional()),
  S3_ENDPOINT: optionalUrl,
  S3_REGION: z.preprocess(emptyAsUndefined, z.string().default('us-east-1')),
  S3_ACCESS_KEY_ID: z.preprocess(emptyAsUndefined, z.string().optional()),
  S3_SECRET_ACCESS_KEY: z.preprocess(emptyAsUndefined, z.string().optional()),
  S3_FORCE_PATH_STYLE: z.enum(['true', 'false']).default('false'),
  S3_PREFIX: z.string().default(''),
  PASSWORD_SIGN_IN: z.enum(['true', 'false']).default('true'),
  EXPORT_TTL_HOURS: positiveInt(168),
  EXPORT_LINK_TTL_MINUTES: positiveInt(10),
  EXPORT_POLL_MS: positiveInt(2_000),
});

/** An OpenID Connect provider people may sign in with (decision 0027); `clientSecret` never leaves the server. */
export interface SsoProviderConfig {
  /** Ours: in the callback path and stored with each identity. */
  id: string;
  /** Shown as "Continue with {name}". */
  name: string;
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** When set, only these email domains may sign in or up through this provider. */
  emailDomains: string[];
}

const emailDomain = z.string().trim().toLowerCase().min(1).regex(/^[a-z0-9.-]+$/, { error: 'an email domain like example.com' });
const ZOidcProviders = z
  .array(
    z.strictObject({
      id: z.string().regex(SSO_PROVIDER_ID_PATTERN, { error: 'lower-case letters, digits and hyphens (at most 32)' }),
      name: z.string().trim().min(1).max(64),
      issuer: z.url({ protocol: /^https?$/ }),
      clientId: z.string().min(1),
      clientSecret: z.string().min(1),
      emailDomains: z.array(emailDomain).default([]),
    }),
  )
  .refine((providers) => new Set(providers.map((p) => p.id)).size === providers.length, { error: 'two providers share an id' });

/**
 * `OIDC_PROVIDERS` is a JSON array. A mistake stops the start with what is wrong, never the value
 * itself: it holds client secrets.
 */
function parseOidcProviders(value: string): SsoProviderConfig[] {
  if (value.trim() === '') return [];
  let json: unknown;
  try {
    json = JSON.parse(value);
  } catch {
    throw new Error('Invalid environment: OIDC_PROVIDERS must be a JSON array of {"id","name","issuer","clientId","clientSecret","emailDomains"?} (it is not valid JSON)');
  }
  const parsed = ZOidcProviders.safeParse(json);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${['OIDC_PROVIDERS', ...i.path].join('.')}: ${i.message}`).join('; ');
    throw new Error(`Invalid environment: ${problems}`);
  }
  return parsed.data;
}

const listOf = (value: string) => value.split(',').map((entry) => entry.trim().toLowerCase()).filter(Boolean);

export interface AppConfig {
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  /** Express 'trust proxy': which peers may name the client in X-Forwarded-For. */
  trustProxy: TrustProxy;
  appUrl: string;
  dataDir: string;
  databaseUrl?: string;
  databasePoolSize: number;
  redisUrl?: string;
  /** The prefix of the Socket.IO adapter's pub/sub channels: the nodes of one installation share it, another installation on the same Redis must not. */
  redisChannel: string;
  smtpUrl?: string;
  mailFrom: string;
  /** The instance's administrators: abuse reports are mailed to them (a list for now). */
  adminEmails: string[];
  jwtSecret: string;
  jwtTtlSeconds: number;
  sessionTtlDays: number;
  /** Days a deleted team stays restorable by its owners; then the purge worker deletes it and its handle is free. */
  teamDeleteGraceDays: number;
  argon2: { memoryCost: number; timeCost: number };
  rateLimit: { windowMs: number; loginMax: number; registerMax: number; mailMax: number; messagesPerMinute: number; uploadsPerMinute: number };
  /** Failed sign-ins per account (any address): maxFailures within windowMs lock it for lockMs. */
  loginLockout: { maxFailures: number; windowMs: number; lockMs: number };
  webDistDir?: string;
  logLevel: string;
  llm: { baseUrl?: string; apiKey?: string; model?: string };
  ai: {
    maxConcurrentPerAgent: number;
    teamDailyTokenBudget: number;
    contextTokens: number;
    idleTimeoutMs: number;
    maxAttempts: number;
    leaseMs: number;
    /** Whether the model server takes tools (OpenAI tool calling) and image parts; a 400 to tools falls back to text. */
    supportsTools: boolean;
    supportsImages: boolean;
    /** Model calls per reply before it ends with the step-limit notice. */
    maxToolSteps: number;
    /** How long an approval card waits before the call expires. */
    approvalTtlMs: number;
    /** The longest tool result the model is given (longer ones are cut, and say so). */
    toolResultMaxChars: number;
    /** How long an external agent has to start answering a request, and the longest pause in a streamed reply. */
    externalAnswerTimeoutMs: number;
  };
  mcp: {
    /** The key (32+ characters) that encrypts MCP servers' auth headers at rest; derived from JWT_SECRET when unset. */
    secretKey?: string;
    /** Hosts MCP servers may live on even when they are loopback or private (`MCP_ALLOWED_HOSTS`, comma-separated). */
    allowedHosts: string[];
    timeoutMs: number;
    maxResponseBytes: number;
  };
  /**
   * External agents' webhooks (webhooks/): how long one POST may take, how many attempts a delivery
   * gets, and the first retry's delay (later ones grow from it; 0 retries at once, for tests).
   */
  webhooks: { timeoutMs: number; maxAttempts: number; retryBaseMs: number };
  /**
   * Web Push (decision 0027): the server's VAPID key pair (base64url) and contact, or null when push
   * is off (production without keys); push services outside the host rule that may still be reached
   * over plain http or on a private address (`PUSH_ALLOWED_HOSTS`; tests name their local receiver);
   * how long one delivery may take.
   */
  push: { vapid: VapidDetails | null; allowedHosts: string[]; timeoutMs: number };
  seedDemo: boolean;
  /** Bearer token for /metrics; without one /metrics is open outside production and off in it. */
  metricsToken?: string;
  /** How long a graceful shutdown may take before the process exits anyway. */
  shutdownTimeoutMs: number;
  /**
   * With Redis, how often a node tells the others it is alive (realtime/node-heartbeat.ts); a peer
   * silent for three of them is taken for dead and this node's clients gap-fill (decision 0030).
   */
  nodeHeartbeatMs: number;
  /**
   * The unread-messages email: how often a node looks for people to mail, and how long one minute of
   * the per-user delay lasts (60 000; tests and demos shorten it, so the 15-minute default waits 15 × that).
   */
  unreadMail: { pollMs: number; minuteMs: number };
  /** Message retention's worker: its poll interval, and the most messages removed per transaction. */
  retention: { intervalMs: number; batchSize: number };
  /**
   * Single sign-on (decision 0027): the OpenID Connect providers, and the email domains every provider
   * sign-in and sign-up is limited to (empty: any).
   */
  sso: { providers: SsoProviderConfig[]; emailDomains: string[] };
  /** Whether passwords sign in and sign up (`PASSWORD_SIGN_IN`); magic links stay on either way. */
  passwordSignIn: boolean;
  /** Data exports (decision 0028): how long a ZIP is kept, how long a download link works, how often the worker looks for work. */
  exports: { ttlMs: number; linkTtlMs: number; pollMs: number };
  /** Attachments, avatars and exports in an S3 bucket every node shares (decision 0029); undefined: under DATA_DIR. */
  s3?: S3Config;
}

export interface S3Config {
  bucket: string;
  /** An S3-compatible server (MinIO, …); undefined is AWS itself. */
  endpoint?: string;
  region: string;
  /** Both, or (on AWS only) neither: then the SDK's own credential chain (an instance role, …). */
  accessKeyId?: string;
  secretAccessKey?: string;
  /** `bucket/key` in the path rather than the host name (MinIO and most self-hosted servers). */
  forcePathStyle: boolean;
  /** Put before every object name: `` or a folder such as `agentroom/`. */
  prefix: string;
}

const S3_PREFIX_PATTERN = /^([A-Za-z0-9._-]+\/)*$/;

/** The S3 settings, refused as a whole when they cannot work (a bucket without keys, keys without a bucket, …). */
function s3Config(env: z.infer<typeof ZEnv>): S3Config | undefined {
  const { S3_BUCKET: bucket, S3_ENDPOINT: endpoint, S3_ACCESS_KEY_ID: accessKeyId, S3_SECRET_ACCESS_KEY: secretAccessKey } = env;
  if (!bucket) {
    if (endpoint || accessKeyId || secretAccessKey) throw new Error('Invalid environment: S3_ENDPOINT and S3 keys are set but S3_BUCKET is not (set it to store files in S3)');
    return undefined;
  }
  if (Boolean(accessKeyId) !== Boolean(secretAccessKey)) throw new Error('Invalid environment: set both S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY, or neither');
  if (endpoint && !accessKeyId) throw new Error('Invalid environment: S3_BUCKET with S3_ENDPOINT needs S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY');
  if (!S3_PREFIX_PATTERN.test(env.S3_PREFIX)) throw new Error('Invalid environment: S3_PREFIX must be empty or folders ending in "/" (letters, digits, ".", "_", "-"), e.g. agentroom/');
  return { bucket, endpoint, region: env.S3_REGION, accessKeyId, secretAccessKey, forcePathStyle: env.S3_FORCE_PATH_STYLE === 'true', prefix: env.S3_PREFIX };
}

interface VapidDetails {
  publicKey: string;
  privateKey: string;
  /** mailto: or https: — how a push service reaches the operator about this server's pushes. */
  subject: string;
}

export type TrustProxy = false | number | string[];

const PROXY_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);
const isAddressOrCidr = (entry: string) => {
  const [address = '', prefix, extra] = entry.split('/');
  if (extra !== undefined || !isIP(address)) return false;
  return prefix === undefined || /^\d{1,3}$/.test(prefix);
};

/**
 * `false`, a hop count, or a comma-separated list of addresses, CIDRs and proxy-addr names.
 * `true` is refused: trusting every peer lets any client pick its own address (and rate-limit bucket).
 */
export function parseTrustProxy(value: string): TrustProxy {
  const text = value.trim();
  if (text === 'false') return false;
  if (/^\d+$/.test(text)) return Number(text);
  const entries = text.split(',').map((entry) => entry.trim()).filter(Boolean);
  const bad = entries.filter((entry) => !PROXY_NAMES.has(entry) && !isAddressOrCidr(entry));
  if (entries.length === 0 || bad.length > 0)
    throw new Error(`Invalid environment: TRUST_PROXY must be false, a hop count, or addresses/CIDRs/loopback/linklocal/uniquelocal (got "${value}")`);
  return entries;
}

/** Outside production a missing JWT secret is generated once and kept beside the data. */
function loadOrCreateSecret(dataDir: string): string {
  const file = path.join(dataDir, 'jwt-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

type VapidKeys = Pick<VapidDetails, 'publicKey' | 'privateKey'>;
/** `memory://` data dirs (tests) keep no file: their keys are made once per process. */
let processVapidKeys: VapidKeys | undefined;

/**
 * Outside production missing VAPID keys are generated once and kept beside the data (as the JWT
 * secret is): a browser's subscription is bound to the public key, so new keys would orphan it.
 */
function loadOrCreateVapidKeys(dataDir: string): VapidKeys {
  if (dataDir === 'memory://') return (processVapidKeys ??= webpush.generateVAPIDKeys());
  const file = path.join(dataDir, 'vapid-keys.json');
  if (existsSync(file)) return JSON.parse(readFileSync(file, 'utf8')) as VapidKeys;
  mkdirSync(dataDir, { recursive: true });
  const keys = webpush.generateVAPIDKeys();
  writeFileSync(file, JSON.stringify(keys), { mode: 0o600 });
  return keys;
}

const decodedLength = (key: string) => (/^[A-Za-z0-9_-]+$/.test(key) ? Buffer.from(key, 'base64url').length : -1);

/** The configured keys (both or neither; a 65-byte P-256 public key and a 32-byte private key), generated outside production, or null: push is off. */
function vapidDetails(env: z.infer<typeof ZEnv>, dataDir: string): VapidDetails | null {
  const { VAPID_PUBLIC_KEY: publicKey, VAPID_PRIVATE_KEY: privateKey } = env;
  if (Boolean(publicKey) !== Boolean(privateKey)) throw new Error('Invalid environment: set both VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY, or neither');
  if (publicKey && privateKey && (decodedLength(publicKey) !== 65 || decodedLength(privateKey) !== 32))
    throw new Error('Invalid environment: VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY must be base64url P-256 keys (npx web-push generate-vapid-keys)');
  const keys = publicKey && privateKey ? { publicKey, privateKey } : env.NODE_ENV === 'production' ? null : loadOrCreateVapidKeys(dataDir);
  if (!keys) return null;
  const address = /<([^>]+)>/.exec(env.MAIL_FROM)?.[1] ?? env.MAIL_FROM.trim();
  return { ...keys, subject: env.VAPID_SUBJECT ?? `mailto:${address}` };
}

const hostList = (value: string) => value.split(',').map((h) => h.trim().toLowerCase()).filter(Boolean);

export function loadConfig(source: NodeJS.ProcessEnv = process.env): AppConfig {
  const parsed = ZEnv.safeParse(source);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ');
    throw new Error(`Invalid environment: ${problems}`);
  }
  const env = parsed.data;
  if (env.NODE_ENV === 'production' && (!env.JWT_SECRET || env.JWT_SECRET.startsWith('change-me')))
    throw new Error('JWT_SECRET (at least 32 random characters, not the placeholder) is required when NODE_ENV=production');
  // `memory://` (tests) keeps the embedded database in memory; anything else is a folder.
  const dataDir = env.DATA_DIR === 'memory://' ? env.DATA_DIR : path.resolve(env.DATA_DIR);
  return {
    env: env.NODE_ENV,
    port: env.PORT,
    host: env.HOST,
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
    appUrl: (env.APP_URL ?? `http://localhost:${env.PORT}`).replace(/\/$/, ''),
    dataDir,
    databaseUrl: env.DATABASE_URL,
    databasePoolSize: env.DATABASE_POOL_SIZE,
    redisUrl: env.REDIS_URL,
    redisChannel: env.REDIS_CHANNEL,
    smtpUrl: env.SMTP_URL,
    mailFrom: env.MAIL_FROM,
    adminEmails: env.ADMIN_EMAILS.split(',').map((address) => address.trim().toLowerCase()).filter(Boolean),
    jwtSecret: env.JWT_SECRET ?? loadOrCreateSecret(dataDir),
    jwtTtlSeconds: env.JWT_TTL_SECONDS,
    sessionTtlDays: env.SESSION_TTL_DAYS,
    teamDeleteGraceDays: env.TEAM_DELETE_GRACE_DAYS,
    argon2: { memoryCost: env.ARGON2_MEMORY_KIB, timeCost: env.ARGON2_TIME_COST },
    rateLimit: {
      windowMs: env.RATE_LIMIT_WINDOW_SECONDS * 1000,
      loginMax: env.RATE_LIMIT_LOGIN_MAX,
      registerMax: env.RATE_LIMIT_REGISTER_MAX,
      mailMax: env.RATE_LIMIT_MAIL_MAX,
      messagesPerMinute: env.RATE_LIMIT_MESSAGES_PER_MINUTE,
      uploadsPerMinute: env.RATE_LIMIT_UPLOADS_PER_MINUTE,
    },
    loginLockout: {
      maxFailures: env.LOGIN_LOCKOUT_MAX_FAILURES,
      windowMs: env.LOGIN_LOCKOUT_WINDOW_SECONDS * 1000,
      lockMs: env.LOGIN_LOCKOUT_SECONDS * 1000,
    },
    webDistDir: env.WEB_DIST_DIR,
    logLevel: env.LOG_LEVEL,
    llm: { baseUrl: env.LLM_BASE_URL, apiKey: env.LLM_API_KEY, model: env.LLM_MODEL },
    ai: {
      maxConcurrentPerAgent: env.AI_MAX_CONCURRENT_PER_AGENT,
      teamDailyTokenBudget: env.AI_TEAM_DAILY_TOKEN_BUDGET,
      contextTokens: env.AI_CONTEXT_TOKENS,
      idleTimeoutMs: env.AI_IDLE_TIMEOUT_MS,
      maxAttempts: env.AI_MAX_ATTEMPTS,
      leaseMs: env.AI_LEASE_MS,
      supportsTools: env.LLM_SUPPORTS_TOOLS === 'true',
      supportsImages: env.LLM_SUPPORTS_IMAGES === 'true',
      maxToolSteps: env.AI_MAX_TOOL_STEPS,
      approvalTtlMs: env.AI_APPROVAL_TTL_MINUTES * 60_000,
      toolResultMaxChars: env.AI_TOOL_RESULT_MAX_CHARS,
      externalAnswerTimeoutMs: env.EXTERNAL_AGENT_ANSWER_TIMEOUT_MS,
    },
    mcp: {
      secretKey: env.MCP_SECRET_KEY,
      allowedHosts: env.MCP_ALLOWED_HOSTS.split(',').map((h) => h.trim().toLowerCase()).filter(Boolean),
      timeoutMs: env.MCP_TIMEOUT_MS,
      maxResponseBytes: env.MCP_MAX_RESPONSE_BYTES,
    },
    webhooks: { timeoutMs: env.WEBHOOK_TIMEOUT_MS, maxAttempts: env.WEBHOOK_MAX_ATTEMPTS, retryBaseMs: env.WEBHOOK_RETRY_BASE_MS },
    push: { vapid: vapidDetails(env, dataDir), allowedHosts: hostList(env.PUSH_ALLOWED_HOSTS), timeoutMs: env.PUSH_TIMEOUT_MS },
    seedDemo: env.SEED_DEMO === 'true',
    metricsToken: env.METRICS_TOKEN,
    shutdownTimeoutMs: env.SHUTDOWN_TIMEOUT_MS,
    nodeHeartbeatMs: env.NODE_HEARTBEAT_MS,
    unreadMail: { pollMs: env.UNREAD_MAIL_POLL_MS, minuteMs: env.UNREAD_MAIL_MINUTE_MS },
    retention: { intervalMs: env.RETENTION_INTERVAL_MS, batchSize: env.RETENTION_BATCH_SIZE },
    sso: { providers: parseOidcProviders(env.OIDC_PROVIDERS), emailDomains: listOf(env.SSO_EMAIL_DOMAINS) },
    passwordSignIn: env.PASSWORD_SIGN_IN === 'true',
    exports: { ttlMs: env.EXPORT_TTL_HOURS * 3_600_000, linkTtlMs: env.EXPORT_LINK_TTL_MINUTES * 60_000, pollMs: env.EXPORT_POLL_MS },
    s3: s3Config(env),
  };
}
