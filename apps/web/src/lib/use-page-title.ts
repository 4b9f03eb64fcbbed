import { useEffect } from 'react';
import { PAGE_TITLE_PREFIX } from '@agentroom/shared';
import { i18n, t } from '../i18n';

/** 'Agentroom (beta) — {name}', with '(3) ' in front while 3 messages wait unread. */
export const pageTitle = (name?: string, unread = 0) => {
  const prefix = t(PAGE_TITLE_PREFIX);
  return `${unread > 0 ? `(${unread}) ` : ''}${name ? `${prefix} — ${name}` : prefix}`;
};

/*
 * document.title is written here only. Pages name themselves (usePageTitle) and the app shell says
 * how much is unread (setTitleUnreadCount); the page that named itself last wins, as when each page
 * wrote the title itself, and a change of the count never hands the title to another page. A layout
 * (the team's) names the pages inside it that do not name themselves: a page inside it wins however
 * the two mounted (React runs a child's effects before its parent's, so "last" alone would hand a
 * team chat opened from elsewhere the team's name, and one opened from the team page 'Profile').
 */
const named: Array<{ name?: string; layout: boolean }> = [];
let unreadTotal = 0;

function writeTitle() {
  const page = named.findLast((entry) => !entry.layout) ?? named.at(-1);
  if (page) document.title = pageTitle(page.name, unreadTotal);
}

// A new language rewrites the title at once (pages pass their names translated, and re-render with the new ones).
i18n.on('languageChanged', () => writeTitle());

/** Called by the app shell whenever the total changes (0 when it goes away, e.g. on sign-out). */
export function setTitleUnreadCount(count: number) {
  if (count === unreadTotal) return;
  unreadTotal = count;
  writeTitle();
}

/**
 * Sets document.title to '(n) Agentroom (beta) — {name}' while the page is shown (no '(n)' when nothing
 * is unread). With `layout`, only while no page inside names itself.
 */
export function usePageTitle(name?: string, options: { layout?: boolean } = {}) {
  const layout = options.layout ?? false;
  useEffect(() => {
    const entry = { name, layout };
    named.push(entry);
    writeTitle();
    return () => {
      named.splice(named.indexOf(entry), 1);
      writeTitle();
    };
  }, [name, layout]);
}
