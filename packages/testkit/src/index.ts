export * from './mail-capture';
export * from './fake-llm';
