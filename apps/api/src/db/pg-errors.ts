/** Postgres error fields, whether the driver error arrives bare or wrapped by drizzle (in `cause`). */
export interface PgErrorInfo {
  code?: string;
  constraint?: string;
}

export function pgErrorOf(error: unknown): PgErrorInfo | undefined {
  for (let current = error, depth = 0; current && typeof current === 'object' && depth < 4; depth += 1) {
    const candidate = current as { code?: unknown; constraint?: unknown; cause?: unknown };
    if (typeof candidate.code === 'string' && /^[0-9A-Z]{5}$/.test(candidate.code))
      return { code: candidate.code, constraint: typeof candidate.constraint === 'string' ? candidate.constraint : undefined };
    current = candidate.cause;
  }
  return undefined;
}

export const isUniqueViolation = (error: unknown) => pgErrorOf(error)?.code === '23505';
