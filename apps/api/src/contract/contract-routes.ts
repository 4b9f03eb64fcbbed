import { Router } from 'express';
import { OPENAPI_PATH } from '@agentroom/shared';
import type { AppContext } from '../context';
import { ANSWERED, defineHandlers } from '../http/route-handler';
import { buildOpenApiDocument, type OpenApiDocument } from './openapi-document';
import { renderReferencePage } from './reference-page';

/** Built once per app: the route table does not change while the process runs. */
function documentOf(ctx: AppContext): () => OpenApiDocument {
  let doc: OpenApiDocument | undefined;
  return () => (doc ??= buildOpenApiDocument({ includeDevRoutes: ctx.config.env !== 'production' }));
}

/** GET /api/v1/openapi.json (public): the contract as data. */
export function openApiRoutes(ctx: AppContext) {
  const doc = documentOf(ctx);
  return defineHandlers({
    getOpenApiDocument: ({ res }) => {
      res.set('Cache-Control', 'no-cache').json(doc());
      return ANSWERED;
    },
  });
}

/** GET /api/docs: the same document as a readable page (no scripts, nothing from elsewhere). */
export function apiDocsPage(ctx: AppContext): Router {
  const router = Router();
  const doc = documentOf(ctx);
  let html: string | undefined;
  router.get('/', (_req, res) => {
    html ??= renderReferencePage(doc(), OPENAPI_PATH);
    res.set('Cache-Control', 'no-cache').type('html').send(html);
  });
  return router;
}
