import type { TLanguage } from './languages';

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
export const CATALOG_AREAS = ['shared', 'mail', 'auth', 'account', 'chat', 'workspace', 'settings', 'devices'] as const;
export type TCatalogArea = (typeof CATALOG_AREAS)[number];

/** A language's whole catalog, loaded on demand so a browser downloads only the one it shows. */
export async function loadCatalog(language: TLanguage): Promise<TCatalog> {
  const module = await LOADERS[language]();
  return module.default;
}

const LOADERS: Record<TLanguage, () => Promise<{ default: TCatalog }>> = {
  en: () => import('./catalogs/en/index'),
  de: () => import('./catalogs/de/index'),
  ar: () => import('./catalogs/ar/index'),
};

export { default as ENGLISH_CATALOG } from './catalogs/en/index';
