/**
 * A language's translations, keyed by the English text (`{{name}}` placeholders kept as they are).
 * Plural texts use i18next's suffixes: `'{{count}} replies_one'`, `_other`, and Arabic's `_zero`,
 * `_two`, `_few`, `_many` (English has a catalog only for those plural forms).
 */
export type TCatalog = Readonly<Record<string, string>>;

/**
 * One file per area and language (`catalogs/<language>/<area>.ts`), so the teams who write an
 * area's texts translate them beside each other without touching one file.
 */
export const CATALOG_AREAS = ['shared', 'mail', 'auth', 'account', 'chat', 'workspace', 'settings', 'devices', 'governance', 'audit', 'exports', 'admin'] as const;
export type TCatalogArea = (typeof CATALOG_AREAS)[number];

/**
 * How both i18next instances (the web's and the server's) read the catalogs (decision 0027): keys are
 * English texts, so '.' and ':' in them are never paths or namespaces; a key a language lacks falls to
 * the caller's English, never to another language or an empty string; and nothing is HTML-escaped
 * (React escapes what it renders, and mail templates escape their own values).
 */
export const CATALOG_LOOKUP_OPTIONS = {
  fallbackLng: false,
  keySeparator: false,
  nsSeparator: false,
  interpolation: { escapeValue: false },
  returnEmptyString: false,
  initAsync: false,
} as const;
