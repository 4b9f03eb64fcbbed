import { z } from 'zod';
import { ZIsoDateTime } from './users';

/** Single sign-on (decision 0027): what the API answers. */

export const ZSsoProvider = z
  .strictObject({ id: z.string(), name: z.string().meta({ description: 'Shown as "Continue with {name}".' }) })
  .meta({ id: 'SsoProvider' });
export type TSsoProvider = z.infer<typeof ZSsoProvider>;

/** What the sign-in page offers: each provider's button, and whether passwords are accepted at all. */
export const ZSignInOptionsResponse = z
  .strictObject({ providers: z.array(ZSsoProvider), passwordSignIn: z.boolean() })
  .meta({ id: 'SignInOptions' });
export type TSignInOptionsResponse = z.infer<typeof ZSignInOptionsResponse>;

/** A provider sign-in waiting to be linked to the account with its email, in this browser. */
export const ZSsoLink = z.strictObject({ provider: ZSsoProvider, email: z.string() }).meta({ id: 'SsoLink' });
export type TSsoLink = z.infer<typeof ZSsoLink>;
export const ZSsoLinkResponse = z.strictObject({ link: ZSsoLink.nullable() });
export type TSsoLinkResponse = z.infer<typeof ZSsoLinkResponse>;
export const ZSsoLinkedResponse = z.strictObject({ linked: ZSsoLink });
export const ZSsoLinkCancelledResponse = z.strictObject({ cancelled: z.literal(true) });

/** The providers an account signs in with. */
export const ZSsoIdentity = z
  .strictObject({ provider: ZSsoProvider, email: z.string(), createdAt: ZIsoDateTime, lastSignInAt: ZIsoDateTime.nullable() })
  .meta({ id: 'SsoIdentity' });
export const ZSsoIdentitiesResponse = z.strictObject({ identities: z.array(ZSsoIdentity) });
export type TSsoIdentitiesResponse = z.infer<typeof ZSsoIdentitiesResponse>;
