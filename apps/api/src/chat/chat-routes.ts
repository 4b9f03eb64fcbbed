import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { pipeline } from 'node:stream/promises';
import { Router, type Request, type RequestHandler, type Response } from 'express';
import type { Redis } from 'ioredis';
import {
  CHAT_ERRORS,
  INLINE_IMAGE_MIME_TYPES,
  ZConversationListQuery,
  ZEditMessageRequest,
  ZMarkReadRequest,
  ZMessageListQuery,
  ZOpenChatRequest,
  ZReactionParams,
  ZSearchQuery,
  ZStartConversationRequest,
} from '@agentroom/shared';
import { authOf, requireAuth } from '../auth/require-auth';
import type { AppContext } from '../context';
import { notFound } from '../core/app-error';
import { createRateLimit, type LeasedRateLimit } from '../http/rate-limit';
import type { SendMessage } from './send-message';
import { sendData, sendDataNow } from '../http/envelope';
import { parseInput } from '../http/validate';
import * as attachmentsService from './attachment-service';
import * as conversationsService from './conversation-service';
import * as messagesService from './message-service';
import { openChat } from './open-chat';
import * as reactionService from './reaction-service';
import * as readService from './read-service';
import * as searchService from './search-service';
import { uploadFiles } from './upload-middleware';
import type { AttachmentRow } from '../db/rows';

const inlineTypes = new Set<string>(INLINE_IMAGE_MIME_TYPES);

function contentDisposition(row: AttachmentRow): string {
  const kind = inlineTypes.has(row.mime) ? 'inline' : 'attachment';
  const ascii = row.filename.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return `${kind}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(row.filename)}`;
}

async function streamAttachment(res: Response, row: AttachmentRow, filePath: string) {
  const stats = await stat(filePath).catch(() => undefined);
  if (!stats?.isFile()) throw notFound(CHAT_ERRORS.attachmentNotFound);
  res.status(200);
  res.setHeader('Content-Type', row.mime);
  res.setHeader('Content-Length', String(stats.size));
  res.setHeader('Content-Disposition', contentDisposition(row));
  res.setHeader('X-Content-Type-Options', 'nosniff');
  // Even if a browser rendered the bytes, they could run nothing.
  res.setHeader('Content-Security-Policy', "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; sandbox");
  res.setHeader('Cache-Control', 'private, max-age=3600');
  await pipeline(createReadStream(filePath), res);
}

// Per person, not per IP: colleagues behind one office NAT must not share a budget.
const perAgent = (req: Request) => `agent:${authOf(req).agentId}`;

/**
 * Sending, the busiest route, in a router of its own that app.ts mounts before every other one:
 * a send does not walk past the other routers' layers (measured in docs/benchmarks.md). The send
 * command checks everything past the session (the verified email, the message limit, the body);
 * this route answers its outcome with the rate-limit headers, and 201 for a new message, 200 for a
 * retry of a stored one. The async variant answers the same way at once; an AI agent's reply
 * follows over the socket.
 */
export function chatSendRoutes(ctx: AppContext, sendMessage: SendMessage, messageLimit: LeasedRateLimit): Router {
  const router = Router();
  const send: RequestHandler = async (req, res) => {
    const request = { conversationId: String(req.params.id), body: req.body };
    const { message, created } = await sendMessage(authOf(req), request, (count) => messageLimit.writeHeaders(res, count));
    sendDataNow(res, { participantMessage: message }, created ? 201 : 200);
  };
  const signedIn = requireAuth(ctx);
  router.post('/conversations/:id/messages', signedIn, send);
  router.post('/conversations/:id/messages/async', signedIn, send);
  return router;
}

/** Spec §7 chat calls under /api/v1/chat. Each route: authenticate → validate → service → present. */
export function chatRoutes(ctx: AppContext, redis?: Redis): Router {
  const verified = requireAuth(ctx, { verified: true });
  const router = Router();
  const reactionLimit = createRateLimit({ name: 'reactions', windowMs: 60_000, limit: ctx.config.rateLimit.messagesPerMinute, redis, key: perAgent });
  const searchLimit = createRateLimit({ name: 'search', windowMs: 60_000, limit: ctx.config.rateLimit.messagesPerMinute, redis, key: perAgent });
  const uploadLimit = createRateLimit({ name: 'uploads', windowMs: 60_000, limit: ctx.config.rateLimit.uploadsPerMinute, redis, key: perAgent });

  // A signed `?token=` stands in for the bearer header, so <img src> works; otherwise normal auth.
  const tokenOrVerified: RequestHandler = (req, res, next) =>
    typeof req.query.token === 'string' ? next() : verified(req, res, next);
  router.get('/attachments/:id', tokenOrVerified, async (req, res) => {
    const token = typeof req.query.token === 'string' ? req.query.token : undefined;
    const access = token !== undefined ? { token } : { agentId: authOf(req).agentId };
    const { row, filePath } = await attachmentsService.findDownloadableAttachment(ctx, String(req.params.id), access);
    await streamAttachment(res, row, filePath);
  });

  router.use(verified);

  router.post('/open', async (req, res) => {
    sendData(res, await openChat(ctx, authOf(req).agentId, parseInput(ZOpenChatRequest, req.body)));
  });

  router.post('/conversations/:agentId/start', async (req, res) => {
    const input = parseInput(ZStartConversationRequest, req.body);
    const conversation = await conversationsService.startConversation(ctx, authOf(req).agentId, req.params.agentId, input);
    sendData(res, { conversation });
  });

  router.get('/conversations', async (req, res) => {
    const query = parseInput(ZConversationListQuery, req.query);
    sendData(res, await conversationsService.listConversations(ctx, authOf(req).agentId, query));
  });

  router.get('/conversations/:id', async (req, res) => {
    sendData(res, { conversation: await conversationsService.getConversation(ctx, authOf(req).agentId, req.params.id) });
  });

  router.get('/conversations/:id/messages', async (req, res) => {
    const query = parseInput(ZMessageListQuery, req.query);
    sendData(res, await messagesService.listMessages(ctx, authOf(req).agentId, req.params.id, query));
  });

  router.put('/conversations/:id/read', async (req, res) => {
    const { lastReadMessageId } = parseInput(ZMarkReadRequest, req.body);
    sendData(res, { cursor: await readService.markConversationRead(ctx, authOf(req).agentId, req.params.id, lastReadMessageId) });
  });

  const canUpload: RequestHandler = async (req, _res, next) => {
    await attachmentsService.assertCanUpload(ctx, authOf(req).agentId, String(req.params.id));
    next();
  };
  router.post('/conversations/:id/attachments', uploadLimit, canUpload, uploadFiles(ctx.files), async (req, res) => {
    const files = Array.isArray(req.files) ? req.files : [];
    const attachments = await attachmentsService.recordUploads(ctx, authOf(req).agentId, String(req.params.id), files);
    sendData(res, { attachments }, 201);
  });

  router.patch('/messages/:id', async (req, res) => {
    const input = parseInput(ZEditMessageRequest, req.body);
    sendData(res, { message: await messagesService.editMessage(ctx, authOf(req).agentId, req.params.id, input) });
  });

  router.post('/messages/:id/seen', async (req, res) => {
    sendData(res, { cursor: await readService.markMessageSeen(ctx, authOf(req).agentId, req.params.id) });
  });

  router.delete('/messages/:id', async (req, res) => {
    sendData(res, { message: await messagesService.deleteMessage(ctx, authOf(req).agentId, req.params.id) });
  });

  // The emoji is a path segment, URL-encoded by the client and decoded by Express.
  const react = (reacted: boolean): RequestHandler => async (req, res) => {
    const { emoji } = parseInput(ZReactionParams, req.params);
    sendData(res, { message: await reactionService.setReaction(ctx, authOf(req).agentId, String(req.params.id), emoji, reacted) });
  };
  router.put('/messages/:id/reactions/:emoji', reactionLimit, react(true));
  router.delete('/messages/:id/reactions/:emoji', reactionLimit, react(false));

  router.get('/search', searchLimit, async (req, res) => {
    const query = parseInput(ZSearchQuery, req.query);
    sendData(res, await searchService.searchMessages(ctx, authOf(req).agentId, query));
  });

  return router;
}
