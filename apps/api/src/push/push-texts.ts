import i18next, { type i18n } from 'i18next';
import { DEFAULT_LANGUAGE, isLanguage, loadCatalog, type TCatalog, type TLanguage } from '@agentroom/shared';

/**
 * What a push says (decision 0027), keys being the English texts. Without previews the body is one
 * of these generic lines, so the push service and a locked screen never see what was written.
 */
export const PUSH_TEXTS = {
  newMessage: 'New message',
  mentionedYou: 'Mentioned you',
  approvalWaiting: 'An agent is waiting for your approval',
  approvalNeeded: 'Approval needed',
  sentAttachment: 'Sent an attachment',
  /** A room's (or a room thread's) mention: "Maya Patel in #general". */
  inRoom: '{{name}} in #{{room}}',
} as const;

/*
 * German and Arabic for PUSH_TEXTS. No catalog area of packages/shared is this module's, so they live
 * here, under the shared catalogs (a translation added to an area there wins).
 */
const TRANSLATIONS: Record<Exclude<TLanguage, 'en'>, TCatalog> = {
  de: {
    'New message': 'Neue Nachricht',
    'Mentioned you': 'Hat Sie erwähnt',
    'An agent is waiting for your approval': 'Ein Agent wartet auf Ihre Freigabe',
    'Approval needed': 'Freigabe erforderlich',
    'Sent an attachment': 'Hat einen Anhang gesendet',
    '{{name}} in #{{room}}': '{{name}} in #{{room}}',
  },
  ar: {
    'New message': 'رسالة جديدة',
    'Mentioned you': 'أشار إليك',
    'An agent is waiting for your approval': 'وكيل ينتظر موافقتك',
    'Approval needed': 'مطلوب موافقة',
    'Sent an attachment': 'أرسل مرفقًا',
    '{{name}} in #{{room}}': '{{name}} في #{{room}}',
  },
};

const instances = new Map<TLanguage, Promise<i18n>>();

/** One i18next instance per language, made on first use: keys are whole English sentences (no key or namespace separators). */
function instanceFor(language: TLanguage): Promise<i18n> {
  let instance = instances.get(language);
  if (!instance) {
    instance = (async () => {
      const catalog = await loadCatalog(language);
      const own = language === 'en' ? {} : TRANSLATIONS[language];
      const i18n = i18next.createInstance();
      await i18n.init({
        lng: language,
        // A key missing in the language is its English text, never a key name.
        fallbackLng: false,
        resources: { [language]: { translation: { ...own, ...catalog } } },
        returnEmptyString: false,
        keySeparator: false,
        nsSeparator: false,
        // A push is plain text shown by the operating system, never HTML.
        interpolation: { escapeValue: false },
      });
      return i18n;
    })();
    instances.set(language, instance);
  }
  return instance;
}

/** `key` in the person's language (`accounts.locale`; English when unset or unknown), `{{values}}` filled. */
export async function translateFor(locale: string | null, key: string, values: Record<string, string> = {}): Promise<string> {
  const i18n = await instanceFor(isLanguage(locale) ? locale : DEFAULT_LANGUAGE);
  return i18n.t(key, values);
}
