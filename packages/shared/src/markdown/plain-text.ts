import type { Nodes } from 'mdast';
import { fromMarkdown } from 'mdast-util-from-markdown';
import { gfmFromMarkdown } from 'mdast-util-gfm';
import { toString } from 'mdast-util-to-string';
import { gfm } from 'micromark-extension-gfm';
import { keepIntrawordAsterisks } from './intraword-emphasis';

/** Blocks whose text is one run; everything else is a list of blocks, joined by spaces. */
const TEXT_BLOCKS = new Set(['paragraph', 'heading', 'tableCell', 'code']);

function blockText(node: Nodes): string {
  if (TEXT_BLOCKS.has(node.type) || !('children' in node)) return toString(node, { includeHtml: false });
  return node.children.map((child) => blockText(child as Nodes)).join(' ');
}

/**
 * A message as one line of plain text, read from the parsed Markdown a bubble renders (so
 * `LLM_BASE_URL` and `2*3*4` keep their characters, and only real formatting goes); raw HTML, never
 * shown in a bubble, is left out here too. Longer than `maxLength`: cut, with an ellipsis.
 */
export function markdownToPlainText(content: string, maxLength: number): string {
  const tree = fromMarkdown(content, { extensions: [gfm()], mdastExtensions: [gfmFromMarkdown()] });
  keepIntrawordAsterisks(tree, content);
  const text = blockText(tree).replace(/\s+/g, ' ').trim();
  return text.length > maxLength ? `${text.slice(0, maxLength)}…` : text;
}
