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
