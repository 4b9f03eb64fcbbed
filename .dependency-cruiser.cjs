/**
 * Dependency rules (`pnpm lint`). The API's layers, each importing only those before it:
 *   shared ← core ← db, http, config, context ← domain (auth, users, teams, agents, chat, rooms, ai, mail, notifications)
 *   ← adapters (realtime/, *-routes.ts, the workers) ← app.ts, server.ts (composition root) ← main.ts
 */
const domain = '^apps/api/src/(auth|users|teams|agents|chat|rooms|ai|mail|notifications|demo)/';
const lowerLayers = '^apps/api/src/(core/|db/|http/|config\\.ts|context\\.ts)';

module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment: 'Import cycles, type-only imports included, hide which module depends on which.',
      from: {},
      to: { circular: true },
    },
    {
      name: 'core-depends-on-shared-only',
      severity: 'error',
      from: { path: '^apps/api/src/core/' },
      to: { path: '^apps/api/src/', pathNot: '^apps/api/src/core/' },
    },
    {
      name: 'lower-layers-never-import-domain-or-adapters',
      severity: 'error',
      comment: 'db/, http/, config and the context know nothing of the domain, realtime or the wiring.',
      from: { path: lowerLayers },
      to: { path: [domain, '^apps/api/src/realtime/', '^apps/api/src/(app|server|main)\\.ts$'] },
    },
    {
      name: 'domain-never-imports-realtime',
      severity: 'error',
      comment: 'Services publish domain events; realtime subscribes to them (realtime/fan-out.ts).',
      from: { path: domain },
      to: { path: '^apps/api/src/realtime/' },
    },
    {
      name: 'domain-never-imports-routes',
      severity: 'error',
      from: { path: domain, pathNot: '-routes\\.ts$' },
      to: { path: '-routes\\.ts$' },
    },
    {
      name: 'only-the-composition-root-and-adapters-import-workers',
      severity: 'error',
      comment:
        'A worker is a file named *-worker.ts or anything in a workers/ folder: it runs jobs the domain queues. ' +
        'The domain reaches one only through a port in context.ts (ReplyRunner); server.ts and app.ts build it, ' +
        'route files may hand it on, and a worker may import its own parts.',
      from: {
        path: '^apps/api/src/',
        pathNot: ['-worker\\.ts$', '^apps/api/src/[^/]+/workers/', '-routes\\.ts$', '^apps/api/src/(app|server|main)\\.ts$'],
      },
      to: { path: ['-worker\\.ts$', '^apps/api/src/[^/]+/workers/'] },
    },
    {
      name: 'routes-never-import-the-schema',
      severity: 'error',
      comment: 'A route file parses, calls a service and answers: no database access.',
      from: { path: '-routes\\.ts$' },
      to: { path: '^apps/api/src/db/(schema|client)\\.ts$' },
    },
    {
      name: 'queries-live-in-repos',
      severity: 'error',
      comment:
        'Services, access checks, routes, realtime and workers call repo functions; only repos (and *-sql.ts builders) query tables. ' +
        'The demo seed is a fixture writer.',
      from: { path: '^apps/api/src/', pathNot: ['(-repo|-sql)\\.ts$', '^apps/api/src/db/', '^apps/api/src/demo/'] },
      to: { path: '^apps/api/src/db/schema\\.ts$', dependencyTypesNot: ['type-only'] },
    },
    {
      name: 'only-main-and-tests-import-the-composition-root',
      severity: 'error',
      from: { path: '^apps/api/src/', pathNot: '^apps/api/src/(main|server)\\.ts$' },
      to: { path: '^apps/api/src/(server|main)\\.ts$' },
    },
    {
      name: 'web-never-imports-the-api',
      severity: 'error',
      from: { path: '^apps/web/' },
      to: { path: '^apps/api/' },
    },
    {
      name: 'web-features-never-import-the-app-root',
      severity: 'error',
      comment: 'apps/web/src/app/ composes the features (providers, routes); a feature importing it would depend on all of them.',
      from: { path: '^apps/web/src/', pathNot: '^apps/web/src/(app/|main\\.tsx$)' },
      to: { path: '^apps/web/src/app/' },
    },
    {
      name: 'shared-imports-no-app',
      severity: 'error',
      from: { path: '^packages/shared/' },
      to: { path: '^(apps|packages/testkit)/' },
    },
    {
      name: 'example-agent-uses-only-the-public-contract',
      severity: 'error',
      comment: 'The example agent shows what an author outside the repository can write: the shared contract, never the API itself.',
      from: { path: '^packages/example-agent/' },
      to: { path: '^(apps|packages/testkit)/' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(node_modules|dist|\\.turbo)/' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.base.json' },
    enhancedResolveOptions: { exportsFields: ['exports'], conditionNames: ['import', 'require', 'node', 'default', 'types'] },
    reporterOptions: { text: { highlightFocused: true } },
  },
};
