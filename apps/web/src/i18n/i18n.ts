import i18next, { type TOptions } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { CATALOG_LOOKUP_OPTIONS, DEFAULT_LANGUAGE, ENGLISH_CATALOG, type TextTemplate } from '@agentroom/shared';

/**
 * The app's one i18n instance (decision 0027). Keys are the English texts themselves, as the spec
 * words them: a key missing in a language shows English, never a key name, and a text the server
 * sent (an error's message) translates by the same lookup. English's own catalog holds only plural forms.
 */
export const i18n = i18next.createInstance();

void i18n.use(initReactI18next).init({
  lng: DEFAULT_LANGUAGE,
  // English needs only the plural forms of the web's own texts (catalogs/en); shared templates speak English themselves (tf).
  resources: { en: { translation: ENGLISH_CATALOG } },
  ...CATALOG_LOOKUP_OPTIONS,
  react: { useSuspense: false },
});

/** A text in the current language, by its English text; a plural passes `{ count }` with it. */
export const t = (key: string, values?: TOptions): string => i18n.t(key, values) as string;

/**
 * A shared text with values (`ACCOUNT_TEXTS.lastSeen`) in the current language; a plain function stays
 * English. English is the template's own text: its plural forms are registered by the module that
 * defines it, which a lazily loaded chunk may evaluate after this instance was made.
 */
export function tf<A extends readonly unknown[]>(text: TextTemplate<A> | ((...args: A) => string), ...args: A): string {
  if (!('resolve' in text) || i18n.language === DEFAULT_LANGUAGE) return text(...args);
  return text.resolve(t, ...args);
}
