import { existsSync } from 'node:fs';
import path from 'node:path';
import express, { Router, type Express } from 'express';
import helmet from 'helmet';
import { pinoHttp } from 'pino-http';
import type { Redis } from 'ioredis';
import type { RateLimitRedis } from './http/fallback-store';
import type { LeasedRateLimit } from './http/rate-limit';
import { aiRoutes } from './ai/ai-routes';
import { usageRoutes } from './ai/usage-routes';
import { approvalRoutes } from './ai/approvals/approval-routes';
import { replyReadRoutes } from './ai/reply-read-routes';
import { toolRoutes } from './ai/tools/tool-routes';
import { externalAgentRoutes } from './external-agents/external-agent-routes';
import { agentReplyRoutes } from './external-agents/agent-reply-routes';
import { webhookRoutes } from './webhooks/webhook-routes';
import type { ReplyWorker } from './ai/workers/reply-worker';
import { authRoutes } from './auth/auth-routes';
import { attachmentRoutes } from './chat/attachment-routes';
import { chatRoutes, chatSendRoutes } from './chat/chat-routes';
import { threadRoutes } from './chat/thread-routes';
import { pinRoutes } from './pins/pin-routes';
import { ssoRoutes } from './sso/sso-routes';
import { pushRoutes } from './push/push-routes';
import { safetyRoutes } from './safety/safety-routes';
import type { SendMessage } from './chat/send-message';
import { retryAfterHeader } from './auth/retry-later';
import { routeGuards } from './contract/route-guards';
import { mountRoutes } from './http/mount-routes';
import { apiDocsPage, openApiRoutes } from './contract/contract-routes';
import type { AppContext } from './context';
import { errorHandler, notFoundHandler } from './http/error-handler';
import { rejectNulInUrl } from './http/validate';
import { compressResponses, webAppRoutes } from './http/web-app';
import { requestId } from './http/request-id';
import { requestLoggingOptions } from './http/request-logging';
import { httpMetrics, metricsEndpoint } from './observability/http-metrics';
import type { Metrics } from './observability/metrics';
import { devMailboxApiRoutes, devMailboxEnabled, devMailboxPage } from './mail/dev-mailbox-routes';
import { healthRoutes } from './http/health-routes';
import { agentsRoutes } from './agents/agents-routes';
import { teamsRoutes } from './teams/teams-routes';
import { roomsRoutes } from './rooms/rooms-routes';
import { invitationsRoutes } from './teams/invitations-routes';
import { avatarRoutes } from './users/avatar-routes';
import { usersRoutes } from './users/users-routes';
import { accountRoutes } from './account/account-routes';
import { notificationsRoutes } from './notifications/notifications-routes';
import { rememberRequestOrigin } from './audit/request-origin';
import { auditRoutes } from './audit/audit-routes';
import { retentionRoutes } from './retention/retention-routes';
import { exportRoutes } from './exports/export-routes';
import { adminRoutes } from './admin/admin-routes';

const BODY_LIMIT = '100kb';

function apiRouter(
  ctx: AppContext,
  replies: ReplyWorker,
  send: { sendMessage: SendMessage; messageLimit: LeasedRateLimit },
  redis?: { client: Redis; rateLimits: RateLimitRedis },
): Router {
  const api = Router();
  api.use(rejectNulInUrl);
  api.use(express.json({ limit: BODY_LIMIT }));
  mountRoutes(api, routeGuards(ctx, redis?.rateLimits), {
    ...chatSendRoutes(send.sendMessage, send.messageLimit),
    ...healthRoutes(ctx, redis?.client),
    ...openApiRoutes(ctx),
    ...authRoutes(ctx, redis?.client),
    ...usersRoutes(ctx),
    ...accountRoutes(ctx),
    ...notificationsRoutes(ctx),
    ...avatarRoutes(ctx),
    ...invitationsRoutes(ctx),
    ...roomsRoutes(ctx),
    ...usageRoutes(ctx),
    ...teamsRoutes(ctx),
    ...auditRoutes(ctx),
    ...retentionRoutes(ctx),
    ...exportRoutes(ctx),
    ...adminRoutes(ctx),
    ...agentsRoutes(ctx),
    ...safetyRoutes(ctx),
    ...aiRoutes(ctx, replies),
    ...approvalRoutes(ctx, replies),
    ...externalAgentRoutes(ctx),
    ...agentReplyRoutes(ctx),
    ...webhookRoutes(ctx),
    ...replyReadRoutes(ctx),
    ...toolRoutes(ctx),
    ...chatRoutes(ctx),
    ...threadRoutes(ctx),
    ...pinRoutes(ctx),
    ...ssoRoutes(ctx),
    ...pushRoutes(ctx),
    ...attachmentRoutes(ctx),
    ...(devMailboxEnabled(ctx.config) ? devMailboxApiRoutes(ctx) : {}),
  });
  api.use(notFoundHandler);
  // A RetryLaterError (account lockout, verification cooldown) says when to try again.
  api.use(retryAfterHeader);
  api.use(errorHandler(ctx.logger));
  return api;
}

export function createApp(
  ctx: AppContext,
  options: { redis?: { client: Redis; rateLimits: RateLimitRedis }; replies: ReplyWorker; metrics: Metrics; messageLimit: LeasedRateLimit; sendMessage: SendMessage; webDistDir?: string },
): Express {
  const app = express();
  app.disable('x-powered-by');
  app.set('trust proxy', ctx.config.trustProxy);
  app.use(requestId);
  app.use(httpMetrics(options.metrics));
  app.use(
    helmet({
      contentSecurityPolicy: {
        directives: {
          'default-src': ["'self'"],
          'script-src': ["'self'"],
          'style-src': ["'self'", "'unsafe-inline'"],
          'img-src': ["'self'", 'data:', 'blob:'],
          'connect-src': ["'self'", 'ws:', 'wss:'],
          'object-src': ["'none'"],
          'frame-ancestors': ["'none'"],
          'upgrade-insecure-requests': null,
        },
      },
      crossOriginEmbedderPolicy: false,
    }),
  );
  app.use(compressResponses());
  // Request logs only where someone reads them: pino-http costs a child logger per request even when quiet.
  if (ctx.logger.isLevelEnabled('info')) app.use(pinoHttp(requestLoggingOptions(ctx)));
  app.get('/metrics', metricsEndpoint(options.metrics, ctx.config));
  app.use(rememberRequestOrigin);
  app.use('/api/v1', apiRouter(ctx, options.replies, options, options.redis));
  app.use('/api/docs', apiDocsPage(ctx));
  if (devMailboxEnabled(ctx.config)) app.use('/dev/mailbox', devMailboxPage(ctx));
  const distDir = options.webDistDir;
  if (distDir && existsSync(path.join(distDir, 'index.html'))) app.use(webAppRoutes(path.resolve(distDir)));
  app.use(notFoundHandler);
  app.use(errorHandler(ctx.logger));
  return app;
}
