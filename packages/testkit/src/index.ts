export * from './mail-capture';
export * from './fake-llm';
export * from './fake-mcp';
export * from './webhook-receiver';
export * from './webhook-signature';
export * from './push-receiver';
export * from './oidc-provider';
export * from './oidc-sign-in';
