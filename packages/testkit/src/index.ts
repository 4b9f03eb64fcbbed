export * from './mail-capture';
export * from './fake-llm';
export * from './fake-mcp';
