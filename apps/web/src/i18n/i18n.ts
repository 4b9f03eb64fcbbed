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

/**
 * Texts without values, once looked up in the language on screen: a chat's bubbles ask for the same
 * few labels hundreds of times on a first render, and each i18next lookup resolves, interpolates and
 * post-processes anew. Forgotten when the language or a catalog changes.
 */
const plainTexts = new Map<string, string>();
const forgetTexts = () => plainTexts.clear();
i18n.on('languageChanged', forgetTexts);
i18n.store.on('added', forgetTexts);
i18n.store.on('removed', forgetTexts);

/** A text in the current language, by its English text; a plural passes `{ count }` with it. */
export const t = (key: string, values?: TOptions): string => {
  if (values) return i18n.t(key, values) as string;
  let text = plainTexts.get(key);
  if (text === undefined) plainTexts.set(key, (text = i18n.t(key) as string));
  return text;
};

/**
 * A shared text with values (`ACCOUNT_TEXTS.lastSeen`) in the current language; a plain function stays
 * English. English is the template's own text: its plural forms are registered by the module that
 * defines it, which a lazily loaded chunk may evaluate after this instance was made.
 */
export function tf<A extends readonly unknown[]>(text: TextTemplate<A> | ((...args: A) => string), ...args: A): string {
  if (!('resolve' in text) || i18n.language === DEFAULT_LANGUAGE) return text(...args);
  return text.resolve(t, ...args);
}
