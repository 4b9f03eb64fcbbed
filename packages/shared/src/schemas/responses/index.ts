export * from './envelope';
export * from './users';
export * from './teams';
export * from './chat';
export * from './events';
export * from './misc';
export * from './invitations';
export * from './notifications';
