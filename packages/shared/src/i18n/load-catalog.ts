import type { TCatalog } from './catalog';
import type { TLanguage } from './languages';

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
