import { buildOpenApiDocument } from './src/contract/openapi-document';
console.log(JSON.stringify(buildOpenApiDocument({ includeDevRoutes: true }), null, 1));
