/** The languages Agentroom speaks. English is the spec's own texts, word for word, and every key. */
export const LANGUAGES = ['en', 'de', 'ar'] as const;
export type TLanguage = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: TLanguage = 'en';

/** Each language's name in itself, as the language menu lists it. */
export const LANGUAGE_NAMES: Record<TLanguage, string> = { en: 'English', de: 'Deutsch', ar: 'العربية' };

const RIGHT_TO_LEFT = new Set<TLanguage>(['ar']);
export const textDirection = (language: TLanguage): 'ltr' | 'rtl' => (RIGHT_TO_LEFT.has(language) ? 'rtl' : 'ltr');

export const isLanguage = (value: unknown): value is TLanguage => typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);

/**
 * The first of someone's preferred languages (`navigator.languages`, or an Accept-Language header's
 * tags in order) that we speak, matched by its primary subtag (`de-AT` is `de`); English otherwise.
 */
export function pickLanguage(preferences: readonly string[]): TLanguage {
  for (const tag of preferences) {
    const primary = tag.trim().toLowerCase().split(/[-_]/)[0];
    if (isLanguage(primary)) return primary;
  }
  return DEFAULT_LANGUAGE;
}

/** An Accept-Language header's tags, most preferred first (`q=0` ones dropped). */
export function parseAcceptLanguage(header: string | undefined): string[] {
  if (!header) return [];
  return header
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
      return { tag: tag.trim(), weight: q ? Number(q.slice(2)) : 1, index };
    })
    .filter((entry) => entry.tag && entry.tag !== '*' && Number.isFinite(entry.weight) && entry.weight > 0)
    .sort((a, b) => b.weight - a.weight || a.index - b.index)
    .map((entry) => entry.tag);
}
