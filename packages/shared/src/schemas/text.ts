import { z } from 'zod';
import { VALIDATION } from '../messages';

/** Postgres text cannot hold U+0000; a NUL that reached SQL would be a 500, so it is refused here. */
export const hasNulCharacter = (value: string) => value.includes('\u0000');

/**
 * The one way schemas in this package start a string: `z.string` plus the NUL rule, so a new field
 * cannot forget it. Chain `.trim()`, `.max()`, … as on `z.string()`.
 */
export const safeString = (params?: Parameters<typeof z.string>[0]) =>
  z.string(params).refine((value) => !hasNulCharacter(value), { error: VALIDATION.noNulCharacters, abort: true });
