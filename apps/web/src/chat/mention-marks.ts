import { mentionRanges } from '@agentroom/shared';
import type { MentionMark, MentionMarks } from './conversation-members';

/** The little of hast (the HTML tree react-markdown renders) this plugin touches. */
interface HastText {
  type: 'text';
  value: string;
}
interface HastElement {
  type: 'element';
  tagName: string;
  properties: Record<string, unknown>;
  children: HastNode[];
}
type HastNode = HastText | HastElement | { type: string; children?: HastNode[] };

/** Text in these stays as written: code is literal, and a link is already one thing to click. */
const LEAVE_ALONE = new Set(['code', 'pre', 'a']);

const MARK_CLASSES: Record<MentionMark, string> = {
  member: 'rounded px-0.5 font-semibold text-indigo-700 bg-indigo-50 dark:bg-indigo-500/20 dark:text-indigo-200',
  me: 'rounded px-0.5 font-semibold text-amber-950 bg-amber-200 dark:bg-amber-400/30 dark:text-amber-100',
};
/** On one's own (indigo) bubble the text stays white: the marks darken behind it, so it stays readable. */
const MARK_CLASSES_ON_ACCENT: Record<MentionMark, string> = {
  member: 'rounded px-0.5 font-semibold bg-black/20',
  me: 'rounded px-0.5 font-semibold bg-black/35 underline underline-offset-2',
};

function split(text: HastText, marks: MentionMarks, onAccent: boolean): HastNode[] {
  const parts: HastNode[] = [];
  let at = 0;
  for (const { start, end, username } of mentionRanges(text.value)) {
    const mark = marks.get(username.toLowerCase());
    if (!mark) continue;
    if (start > at) parts.push({ type: 'text', value: text.value.slice(at, start) });
    parts.push({
      type: 'element',
      tagName: 'span',
      properties: { className: (onAccent ? MARK_CLASSES_ON_ACCENT : MARK_CLASSES)[mark].split(' '), dataMention: mark },
      children: [{ type: 'text', value: text.value.slice(start, end) }],
    });
    at = end;
  }
  if (at === 0) return [text];
  if (at < text.value.length) parts.push({ type: 'text', value: text.value.slice(at) });
  return parts;
}

function mark(node: HastNode, marks: MentionMarks, onAccent: boolean): void {
  if (!('children' in node) || !node.children) return;
  if (node.type === 'element' && LEAVE_ALONE.has((node as HastElement).tagName)) return;
  node.children = node.children.flatMap((child) => {
    if (child.type === 'text') return split(child as HastText, marks, onAccent);
    mark(child, marks, onAccent);
    return [child];
  });
}

/**
 * A rehype plugin marking the @usernames of `marks` (the members of a room): `<span data-mention="me|member">`.
 * It runs after rehype-sanitize, on text the sanitizer already let through, so it adds only these
 * spans with classes of its own.
 */
export function rehypeMentionMarks(marks: MentionMarks, onAccent: boolean) {
  return () => (tree: HastNode) => {
    if (marks.size > 0) mark(tree, marks, onAccent);
  };
}
