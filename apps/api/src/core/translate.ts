import i18next from 'i18next';
import { CATALOG_LOOKUP_OPTIONS, DEFAULT_LANGUAGE, englishTranslate, isLanguage, textDirection, type TLanguage, type Translate } from '@agentroom/shared';
import { ALL_CATALOGS } from '@agentroom/shared/server-catalogs';

/**
 * The server's texts in a person's language (mail, push; decision 0027), through the same i18next and
 * catalogs as the web. Keys are the English texts, so a missing translation reads as English.
 * Error messages in API answers stay English: the web translates them, and API clients get one language.
 */
const instance = i18next.createInstance();
void instance.init({
  lng: DEFAULT_LANGUAGE,
  resources: {
    en: { translation: ALL_CATALOGS.en },
    de: { translation: ALL_CATALOGS.de },
    ar: { translation: ALL_CATALOGS.ar },
  },
  ...CATALOG_LOOKUP_OPTIONS,
});

/** A stored `accounts.locale` as a language we speak (null and unknown values: English). */
const languageOf = (locale: string | null | undefined): TLanguage => (isLanguage(locale) ? locale : DEFAULT_LANGUAGE);

export interface Translator {
  language: TLanguage;
  dir: 'ltr' | 'rtl';
  t: Translate;
}

export function translatorFor(locale: string | null | undefined): Translator {
  const language = languageOf(locale);
  // English is the templates' own text (their plural forms live with them); other languages are catalogs.
  if (language === DEFAULT_LANGUAGE) return { language, dir: 'ltr', t: englishTranslate };
  const fixed = instance.getFixedT(language);
  return { language, dir: textDirection(language), t: (key, values) => fixed(key, values ?? {}) as string };
}
