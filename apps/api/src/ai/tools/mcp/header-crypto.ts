import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

/**
 * MCP servers' auth headers at rest: AES-256-GCM, one base64 string of iv (12) + tag (16) + ciphertext.
 * The key comes from MCP_SECRET_KEY, or, when unset, from JWT_SECRET; either way through HKDF with a
 * purpose of its own, so the same secret never serves two uses directly. The team's id is bound in as
 * associated data: a value copied to another team's row does not decrypt there.
 */
const IV_BYTES = 12;
const TAG_BYTES = 16;
const INFO = 'agentroom mcp server headers v1';

export interface HeaderKeySource {
  secretKey?: string;
  jwtSecret: string;
}

const keys = new Map<string, Buffer>();

function keyOf(source: HeaderKeySource): Buffer {
  const secret = source.secretKey ?? source.jwtSecret;
  let key = keys.get(secret);
  if (!key) keys.set(secret, (key = Buffer.from(hkdfSync('sha256', secret, '', INFO, 32))));
  return key;
}

export function encryptHeaders(source: HeaderKeySource, teamId: string, headers: Record<string, string>): string {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv('aes-256-gcm', keyOf(source), iv);
  cipher.setAAD(Buffer.from(teamId));
  const ciphertext = Buffer.concat([cipher.update(JSON.stringify(headers), 'utf8'), cipher.final()]);
  return Buffer.concat([iv, cipher.getAuthTag(), ciphertext]).toString('base64');
}

/** The headers, or null when they do not decrypt (the key changed, the value was tampered with). */
export function decryptHeaders(source: HeaderKeySource, teamId: string, stored: string): Record<string, string> | null {
  try {
    const bytes = Buffer.from(stored, 'base64');
    const decipher = createDecipheriv('aes-256-gcm', keyOf(source), bytes.subarray(0, IV_BYTES));
    decipher.setAAD(Buffer.from(teamId));
    decipher.setAuthTag(bytes.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
    const json = Buffer.concat([decipher.update(bytes.subarray(IV_BYTES + TAG_BYTES)), decipher.final()]).toString('utf8');
    const parsed: unknown = JSON.parse(json);
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return null;
    return Object.fromEntries(Object.entries(parsed).filter((entry): entry is [string, string] => typeof entry[1] === 'string'));
  } catch {
    return null;
  }
}
