import { loadCatalog, type TLanguage } from '@agentroom/shared';
import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';

const PLURAL = /_(zero|one|two|few|many|other)$/;
const PLACEHOLDER = /\{\{\s*[\w.]+\s*\}\}/g;
const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * What a language's catalog says about English on screen: `tr` finds the element a journey looks for
 * by its translated text (English where a translation is missing), `untranslated` names the texts that
 * are English keys which the language translates differently — English left on a translated screen.
 */
export async function catalogOf(language: Exclude<TLanguage, 'en'>) {
  const [english, translated] = [await loadCatalog('en'), await loadCatalog(language)];
  const exact = new Set<string>();
  const templates: RegExp[] = [];
  const add = (text: string) => {
    if (!text.includes('{{')) {
      exact.add(text.trim());
      return;
    }
    // A template says something only through its words: "{{count}}" alone could be anything.
    if (text.replace(PLACEHOLDER, '').replace(/[^\p{L}]/gu, '').length < 4) return;
    templates.push(new RegExp(`^${text.trim().split(PLACEHOLDER).map(escape).join('.+?')}$`, 's'));
  };
  for (const [key, value] of Object.entries(translated)) {
    const base = key.replace(PLURAL, '');
    const forms = [key, base, ...Object.entries(english).filter(([k]) => k.replace(PLURAL, '') === base).map(([, v]) => v)];
    // The same word in both languages ("Team", "Chat") is no sign of a missing translation.
    if (forms.includes(value)) continue;
    if (!PLURAL.test(key)) add(key);
    else for (const form of new Set(forms.filter((f) => !PLURAL.test(f)))) add(form);
  }
  return {
    tr: (text: string) => translated[text] ?? text,
    untranslated: (texts: readonly string[]) => [...new Set(texts.filter((text) => exact.has(text) || templates.some((t) => t.test(text))))],
  };
}

/**
 * The words the app itself puts on the screen: visible text nodes, placeholders and the options of
 * selects, without what people wrote (messages, snippets, names in user content) or code.
 */
function visibleAppTexts(page: Page) {
  return page.evaluate(() => {
    // translate="no": names the app marks as people's own (a team called "Private" stays "Private").
    const USER_CONTENT = '[data-testid="message-text"], [data-testid="conversation-snippet"], [data-testid="room-topic"], [translate="no"], code, pre';
    const texts: string[] = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const parent = node.parentElement;
      const text = node.textContent?.replace(/\s+/g, ' ').trim();
      if (!parent || !text || parent.closest(USER_CONTENT)) continue;
      const option = parent.closest('option');
      if (option ? option.parentElement?.closest('select')?.checkVisibility() : parent.checkVisibility({ visibilityProperty: true } as CheckVisibilityOptions))
        texts.push(text);
    }
    for (const field of Array.from(document.querySelectorAll<HTMLInputElement | HTMLTextAreaElement>('input[placeholder], textarea[placeholder]')))
      if (field.checkVisibility()) texts.push(field.placeholder.trim());
    return texts;
  });
}

/** No English left on the screen that the language has a translation for. */
export async function expectTranslated(page: Page, catalog: Awaited<ReturnType<typeof catalogOf>>, people: readonly string[] = []) {
  // `people`: what people wrote that happens to be a key (a role of "Member" is a person's own words).
  const texts = (await visibleAppTexts(page)).filter((text) => !people.includes(text));
  expect(catalog.untranslated(texts)).toEqual([]);
}

/** None of the interactive elements inside `area` lies over another one. */
export async function expectNoOverlap(area: Locator) {
  const overlaps = await area.evaluate((root) => {
    const boxes = Array.from(root.querySelectorAll<HTMLElement>('button, a[href], input, textarea, select, [role="button"]'))
      .filter((el) => el.checkVisibility())
      .map((el) => ({ name: el.getAttribute('aria-label') ?? el.textContent?.trim().slice(0, 30) ?? el.tagName, box: el.getBoundingClientRect() }))
      .filter(({ box }) => box.width > 0 && box.height > 0);
    const found: string[] = [];
    for (const [i, a] of boxes.entries())
      for (const b of boxes.slice(i + 1)) {
        const inside = (x: DOMRect, y: DOMRect) => x.left >= y.left && x.right <= y.right && x.top >= y.top && x.bottom <= y.bottom;
        // One inside the other is a nesting (a button in a link's row), not two things on top of each other.
        if (inside(a.box, b.box) || inside(b.box, a.box)) continue;
        const across = Math.min(a.box.right, b.box.right) - Math.max(a.box.left, b.box.left);
        const down = Math.min(a.box.bottom, b.box.bottom) - Math.max(a.box.top, b.box.top);
        if (across > 1 && down > 1) found.push(`${a.name} × ${b.name}`);
      }
    return found;
  });
  expect(overlaps).toEqual([]);
}

/** The texts are whole on screen: none is wider than its box (none of these is meant to be cut). */
export async function expectNotCutOff(elements: Locator) {
  const cut = await elements.evaluateAll((els) =>
    els.filter((el) => el.scrollWidth > el.clientWidth + 1).map((el) => `"${el.textContent?.trim().slice(0, 40)}" ${el.scrollWidth}>${el.clientWidth}`),
  );
  expect(cut).toEqual([]);
}

/** Chooses a language on the account's Profile page; the page shows it at once. */
export async function chooseLanguage(page: Page, label: string, lang: string, fieldLabel: string) {
  await page.getByLabel(fieldLabel, { exact: true }).selectOption({ label });
  await page.locator(`html[lang="${lang}"]`).waitFor({ state: 'attached' });
}
