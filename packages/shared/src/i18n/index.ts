export * from './languages';
export * from './template';
export * from './catalog';
export * from './load-catalog';
export * from './mail-texts';
export * from './push-texts';
