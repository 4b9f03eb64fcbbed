import { ACCOUNT_TEXTS, AUTH_ERRORS, VALIDATION } from '../messages';

/**
 * Every shared object of texts a person may read (the server's error messages, the web's shared
 * texts, the mail): the catalog check walks them, so each of their texts needs a translation in
 * every language. A text with values in it is a `TextTemplate` (see template.ts).
 */
export const SHARED_TEXTS: readonly Readonly<Record<string, unknown>>[] = [VALIDATION, AUTH_ERRORS, ACCOUNT_TEXTS];
