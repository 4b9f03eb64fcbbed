export { i18n, t, tf } from './i18n';
export { applyLanguage, currentLanguage, detectLanguage, useLanguage } from './language';
export { useT } from './use-t';
