export * from './constants';
export * from './messages';
export * from './errors';
export * from './validation';
export * from './schemas/auth';
export * from './schemas/users';
