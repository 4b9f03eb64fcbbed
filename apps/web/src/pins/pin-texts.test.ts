import { describe, expect, it } from 'vitest';
import { LANGUAGES, loadCatalog } from '@agentroom/shared';
import { PIN_FALLBACKS, PIN_TEXTS } from './pin-texts';

// The catalog check (i18n/catalogs.test.ts) sees literal t('…') calls and the shared texts; these web
// texts are passed to t() by name, so this checks they have their translations too.
const keys = [...Object.values(PIN_TEXTS), ...Object.values(PIN_FALLBACKS)].map((text) => (typeof text === 'string' ? [text] : text.keys.map((k) => k.key))).flat();

describe('the texts of pins and saved messages', () => {
  for (const language of LANGUAGES.filter((l) => l !== 'en'))
    it(`are all translated in ${language}`, async () => {
      const catalog = await loadCatalog(language);
      expect(keys.filter((key) => !catalog[key]?.trim())).toEqual([]);
    });
});
