import { defineText, pluralKey, type Translate } from '../i18n/template';

const OTHERS = pluralKey('{{first}}, {{second}} and {{count}} others', '{{first}}, {{second}} and 1 other');
const TYPING = pluralKey('{{names}} are typing…', '{{names}} is typing…');

function names(translate: Translate, list: readonly string[]): string {
  if (list.length <= 1) return list[0] ?? '';
  // The list's comma is a text too: Arabic writes "،".
  if (list.length <= 3) return translate('{{first}} and {{last}}', { first: list.slice(0, -1).join(translate(', ')), last: list.at(-1) ?? '' });
  return translate(OTHERS.key, { first: list[0] ?? '', second: list[1] ?? '', count: list.length - 2 });
}

/**
 * Who is doing something, as a sentence fragment (rooms have many people and AI agents).
 * Up to three names are said in full; beyond that the first two and how many others:
 * "Maya", "Maya and Nova", "Maya, Nova and Sage", "Maya, Nova and 2 others".
 */
export const namesText = defineText<[names: readonly string[]]>([{ key: '{{first}} and {{last}}' }, { key: ', ' }, OTHERS], names);

/** The typing line: "Maya is typing…", "Maya and Nova are typing…", "Maya, Nova and 2 others are typing…"; '' when nobody is. */
export const typingText = defineText<[names: readonly string[]]>([...namesText.keys, TYPING], (translate, list) =>
  list.length === 0 ? '' : translate(TYPING.key, { names: names(translate, list), count: list.length }),
);

/** What a seen marker says aloud: "Seen by Maya", "Seen by Maya, Nova and 2 others"; '' when nobody. */
export const seenByText = defineText<[names: readonly string[]]>([...namesText.keys, { key: 'Seen by {{names}}' }], (translate, list) =>
  list.length === 0 ? '' : translate('Seen by {{names}}', { names: names(translate, list) }),
);
