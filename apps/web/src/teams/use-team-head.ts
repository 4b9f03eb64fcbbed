import { useEffect } from 'react';
import { PRODUCT_NAME } from '@agentroom/shared';
import { useT } from '../i18n';
import { pageTitle, usePageTitle } from '../lib/use-page-title';


/** Sets (or creates) one <meta> in document.head; answers a function that restores what was there. */
function setMeta(attribute: 'name' | 'property', key: string, content: string): () => void {
  let element = document.head.querySelector<HTMLMetaElement>(`meta[${attribute}="${key}"]`);
  const created = !element;
  const previous = element?.getAttribute('content') ?? null;
  if (!element) {
    element = document.createElement('meta');
    element.setAttribute(attribute, key);
    document.head.appendChild(element);
  }
  element.setAttribute('content', content);
  const target = element;
  return () => {
    if (created) target.remove();
    else if (previous !== null) target.setAttribute('content', previous);
  };
}

/**
 * The team layout's head: title 'Agentroom (beta) — {team name or Team}', a description and the
 * social-preview tags (Open Graph, Twitter) for the team, restored when the layout goes away.
 */
export function useTeamHead(teamName: string | undefined, description: string | undefined) {
  const { t } = useT();
  const fallbackName = t('Team');
  const defaultDescription = t('{{product}}: a team workspace where people and AI agents chat.', { product: PRODUCT_NAME });
  // The team page's title; a chat inside the team names itself ('Profile').
  usePageTitle(teamName || fallbackName, { layout: true });

  useEffect(() => {
    // The social tags describe the team, never the reader's unread count.
    const title = pageTitle(teamName || fallbackName);
    const text = description?.trim() || defaultDescription;
    const restore = [
      setMeta('name', 'description', text),
      setMeta('property', 'og:title', title),
      setMeta('property', 'og:description', text),
      setMeta('property', 'og:type', 'website'),
      setMeta('property', 'og:site_name', PRODUCT_NAME),
      setMeta('name', 'twitter:card', 'summary'),
      setMeta('name', 'twitter:title', title),
      setMeta('name', 'twitter:description', text),
    ];
    return () => restore.forEach((undo) => undo());
  }, [teamName, description, fallbackName, defaultDescription]);
}
