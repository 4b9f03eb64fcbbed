import { useSyncExternalStore } from 'react';
import { isLanguage, loadCatalog, pickLanguage, textDirection, type TLanguage } from '@agentroom/shared';
import { i18n } from './i18n';

/** The language chosen on this device before signing in (an account's own choice wins once known). */
const STORAGE_KEY = 'agentroom.language';

/** The browser's own languages, matched against ours (English when none is ours). */
const browserLanguage = (): TLanguage => pickLanguage(typeof navigator === 'undefined' ? [] : (navigator.languages ?? [navigator.language]));

/** The stored choice, else the browser's languages, else English. */
export function detectLanguage(): TLanguage {
  return readStored() ?? browserLanguage();
}

function readStored(): TLanguage | null {
  try {
    const value = localStorage.getItem(STORAGE_KEY);
    return isLanguage(value) ? value : null;
  } catch {
    return null;
  }
}

/**
 * Shows the app in `language`: loads its catalog once, switches i18next, and sets the page's `lang`
 * and `dir` (right-to-left mirrors the layout through logical CSS properties).
 */
export async function applyLanguage(language: TLanguage | null, { remember = true } = {}): Promise<void> {
  // null: no choice of one's own, so the page follows the browser again (and this device forgets the choice).
  if (language === null) {
    forget();
    return applyLanguage(browserLanguage(), { remember: false });
  }
  if (!i18n.hasResourceBundle(language, 'translation')) i18n.addResourceBundle(language, 'translation', await loadCatalog(language), true, true);
  await i18n.changeLanguage(language);
  document.documentElement.lang = language;
  document.documentElement.dir = textDirection(language);
  if (remember)
    try {
      localStorage.setItem(STORAGE_KEY, language);
    } catch {
      // Storage refused (private mode): the choice lasts for this page.
    }
}

function forget(): void {
  try {
    localStorage.removeItem(STORAGE_KEY);
  } catch {
    // Storage refused: nothing was stored either.
  }
}

export const currentLanguage = (): TLanguage => (isLanguage(i18n.language) ? i18n.language : 'en');

function subscribe(onChange: () => void): () => void {
  i18n.on('languageChanged', onChange);
  return () => i18n.off('languageChanged', onChange);
}

/** The language on screen, re-rendering when it changes (for Intl dates and numbers). */
export const useLanguage = (): TLanguage => useSyncExternalStore(subscribe, currentLanguage, () => 'en');
