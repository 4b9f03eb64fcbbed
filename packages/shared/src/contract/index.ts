/**
 * The API contract as data: routes and socket events with their zod schemas. Imported as `@agentroom/shared/contract`;
 * the zod-free route rows alone as `@agentroom/shared/routes` (what the web client loads).
 */
export * from './routes';
export * from './route-table';
export * from './socket-events';
export * from './web-paths';
