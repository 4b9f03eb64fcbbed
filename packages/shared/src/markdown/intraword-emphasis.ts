import type { Emphasis, Nodes, Parents, PhrasingContent, Root, Strong } from 'mdast';

/** ASCII only: CJK text has no spaces between words, and `这是**重要**的` must stay bold. */
const WORD_CHARACTER = /[A-Za-z0-9]/;

function isIntraword(node: Emphasis | Strong, source: string): boolean {
  const start = node.position?.start.offset;
  const end = node.position?.end.offset;
  if (start === undefined || end === undefined || source[start] !== '*') return false;
  return WORD_CHARACTER.test(source[start - 1] ?? '') || WORD_CHARACTER.test(source[end] ?? '');
}

function unwrapIntraword(parent: Parents, source: string): void {
  if (!('children' in parent)) return;
  const children: Nodes[] = [];
  for (const child of parent.children as Nodes[]) {
    if ('children' in child) unwrapIntraword(child, source);
    if ((child.type === 'emphasis' || child.type === 'strong') && isIntraword(child, source)) {
      const delimiter = child.type === 'strong' ? '**' : '*';
      children.push({ type: 'text', value: delimiter }, ...(child.children as PhrasingContent[]), { type: 'text', value: delimiter });
    } else children.push(child);
  }
  (parent as { children: Nodes[] }).children = children;
}

/**
 * `2*3*4` and `a*b*c` stay literal: `*` emphasis that opens or closes inside a word becomes text
 * again, the rule CommonMark already applies to `_` (and GitHub relies on for snake_case).
 * Needs the source because the tree keeps no delimiters, only their offsets.
 */
export function keepIntrawordAsterisks(tree: Root, source: string): void {
  unwrapIntraword(tree, source);
}
