import { Router } from 'express';
import type { AppConfig } from '../config';
import type { AppContext } from '../context';
import { defineHandlers } from '../http/route-handler';
import { loopbackOnly } from '../http/loopback-only';
import { latestOutboxMail } from './outbox-repo';

const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
const linkify = (escaped: string) => escaped.replace(/(https?:\/\/[^\s<]+)/g, '<a href="$1">$1</a>');

/**
 * The mailbox shows every mail's sign-in links, so it exists only where there is no real mail
 * (no SMTP_URL), never in production, and even then answers only callers on this machine.
 */
export const devMailboxEnabled = (config: AppConfig) => !config.smtpUrl && config.env !== 'production';

/** Development mailbox: what the outbox holds, readable without an SMTP server. */
export const devMailboxApiRoutes = (ctx: AppContext) =>
  defineHandlers({
    getDevMailbox: {
      before: [loopbackOnly],
      handle: async () => ({
        messages: (await latestOutboxMail(ctx.db)).map(({ html: _html, createdAt, ...rest }) => ({ ...rest, createdAt: createdAt.toISOString() })),
      }),
    },
  });

export function devMailboxPage(ctx: AppContext): Router {
  const router = Router();
  router.use(loopbackOnly);
  router.get('/', async (_req, res) => {
    const mail = await latestOutboxMail(ctx.db);
    const items = mail
      .map(
        (m) => `<article><h2>${escapeHtml(m.subject)}</h2><p class="meta">To ${escapeHtml(m.to)} · ${m.createdAt.toISOString()} · ${m.status}</p><pre>${linkify(escapeHtml(m.text))}</pre></article>`,
      )
      .join('\n');
    res.type('html').send(`<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Agentroom dev mailbox</title>
<meta name="viewport" content="width=device-width,initial-scale=1">
<style>body{font-family:system-ui,sans-serif;max-width:760px;margin:2rem auto;padding:0 1rem;color:#111}article{border:1px solid #ddd;border-radius:12px;padding:1rem;margin:1rem 0}pre{white-space:pre-wrap;word-break:break-all}.meta{color:#666;font-size:.85rem}</style>
</head><body><h1>Dev mailbox</h1><p class="meta">Mail the outbox holds (no SMTP_URL set). Newest first.</p>${items || '<p>No mail yet.</p>'}</body></html>`);
  });
  return router;
}
