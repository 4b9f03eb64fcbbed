/** Agent and user response shapes now live in responses/users.ts (zod schemas, inferred types). */
export * from './responses/users';
