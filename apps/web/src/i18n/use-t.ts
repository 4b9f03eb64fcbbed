import { t, tf } from './i18n';
import { useLanguage } from './language';

/**
 * `t` and `tf` for a component: it re-renders when the language changes. Outside components (toasts
 * fired by a handler, document titles) import `t` from `i18n/` directly: it reads the language at call time.
 *
 * One subscription to the language, not react-i18next's `useTranslation`: that hook builds options,
 * a fixed `t` and several memos per component, and a chat's bubbles hold hundreds of components
 * that speak (a phone's first screen spent ≈ 200 ms at 4× CPU in it). A catalog is always added
 * before its language is switched to (`applyLanguage`), so the language alone says when to re-render.
 */
export function useT(): { t: typeof t; tf: typeof tf } {
  useLanguage();
  return { t, tf };
}
