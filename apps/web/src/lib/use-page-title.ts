import { useEffect } from 'react';
import { PAGE_TITLE_PREFIX } from '@agentroom/shared';

export const pageTitle = (name?: string) => (name ? `${PAGE_TITLE_PREFIX} — ${name}` : PAGE_TITLE_PREFIX);

/** Sets document.title to 'Agentroom (beta) — {name}' while the page is shown. */
export function usePageTitle(name?: string) {
  useEffect(() => {
    document.title = pageTitle(name);
  }, [name]);
}
