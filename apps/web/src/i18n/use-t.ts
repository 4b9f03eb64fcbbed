import { useTranslation } from 'react-i18next';
import { t, tf } from './i18n';

/**
 * `t` and `tf` for a component: it re-renders when the language changes. Outside components (toasts
 * fired by a handler, document titles) import `t` from `i18n/` directly: it reads the language at call time.
 */
export function useT(): { t: typeof t; tf: typeof tf } {
  useTranslation();
  return { t, tf };
}
