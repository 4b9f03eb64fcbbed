/** oidc-provider ships no types; the testkit uses a small part of it (oidc-provider.ts). */
declare module 'oidc-provider' {
  const Provider: new (issuer: string, configuration: Record<string, unknown>) => unknown;
  export default Provider;
}
