import type { TCatalog } from './catalog';
import ar from './catalogs/ar/index';
import de from './catalogs/de/index';
import en from './catalogs/en/index';
import type { TLanguage } from './languages';

/**
 * Every language's catalog at once, for the server (mail, push): it answers in anyone's language.
 * Its own entry (`@agentroom/shared/server-catalogs`), so the web never bundles the languages it does not show.
 */
export const ALL_CATALOGS: Record<TLanguage, TCatalog> = { en, de, ar };
