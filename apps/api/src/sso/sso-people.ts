import { randomInt } from 'node:crypto';
import { z } from 'zod';
import { EMAIL_MAX_LENGTH, NAME_MAX_LENGTH, USERNAME_MAX_LENGTH, type TSsoErrorCode } from '@agentroom/shared';
import type { AppConfig, SsoProviderConfig } from '../config';
import type { DbOrTx } from '../db/client';
import { usernameExists } from '../users/users-repo';

/** Who the provider says signed in, from its verified claims (ID token, then userinfo). */
export interface ProviderPerson {
  subject: string;
  /** Lower-cased. */
  email: string;
  firstName: string;
  lastName: string;
  /** The provider's username for them, a hint for ours. */
  preferredUsername?: string;
}

const text = (value: unknown) => (typeof value === 'string' ? value.trim() : '');
const isEmail = (value: string) => value.length <= EMAIL_MAX_LENGTH && z.email().safeParse(value).success;

/** The person, or why they cannot sign in: no usable email, or one the provider has not verified. */
export function personFromClaims(claims: Record<string, unknown>): ProviderPerson | { error: TSsoErrorCode } {
  const email = text(claims.email).toLowerCase();
  if (!email || !isEmail(email)) return { error: 'email_missing' };
  // Only a literal true: an unverified address would let anyone claim an account that has it.
  if (claims.email_verified !== true) return { error: 'email_not_verified' };
  let firstName = text(claims.given_name);
  let lastName = text(claims.family_name);
  if (!firstName && !lastName) {
    const [first = '', ...rest] = text(claims.name).split(/\s+/);
    firstName = first;
    lastName = rest.join(' ');
  }
  return {
    subject: text(claims.sub),
    email,
    firstName: firstName.slice(0, NAME_MAX_LENGTH),
    lastName: lastName.slice(0, NAME_MAX_LENGTH),
    preferredUsername: text(claims.preferred_username) || undefined,
  };
}

export const emailDomainOf = (email: string) => email.slice(email.lastIndexOf('@') + 1);

/** The operator's limits: `SSO_EMAIL_DOMAINS` for every provider, and the provider's own `emailDomains`. */
export function domainAllowed(config: AppConfig, provider: SsoProviderConfig, email: string): boolean {
  const domain = emailDomainOf(email);
  const within = (domains: string[]) => domains.length === 0 || domains.includes(domain);
  return within(config.sso.emailDomains) && within(provider.emailDomains);
}

/** Letters, digits, `_` and `-` (the registration rule), from the provider's username or the email's local part. */
function baseUsername(person: ProviderPerson): string {
  const clean = (value = '') =>
    value
      .toLowerCase()
      .replace(/[^a-z0-9_-]+/g, '_')
      .replace(/^[_-]+|[_-]+$/g, '')
      .slice(0, USERNAME_MAX_LENGTH - 5);
  const hint = person.preferredUsername?.includes('@') ? person.preferredUsername.split('@')[0] : person.preferredUsername;
  return clean(hint) || clean(person.email.split('@')[0]) || 'user';
}

/** The first free one of `maya`, `maya2` … `maya9`, then `maya` and a random number. */
export async function freeUsername(db: DbOrTx, person: ProviderPerson): Promise<string> {
  const base = baseUsername(person);
  for (let n = 1; n <= 9; n += 1) {
    const candidate = n === 1 ? base : `${base}${n}`;
    if (!(await usernameExists(db, candidate))) return candidate;
  }
  for (;;) {
    const candidate = `${base}${randomInt(10, 99_999)}`;
    if (!(await usernameExists(db, candidate))) return candidate;
  }
}
