/** The API contract as data: routes and socket events with their zod schemas. Imported as `@agentroom/shared/contract`. */
export * from './route-table';
export * from './socket-events';
export * from './web-paths';
