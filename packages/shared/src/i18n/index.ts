export * from './languages';
export * from './template';
export * from './catalog';
