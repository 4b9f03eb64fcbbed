import type { Nodes } from 'mdast';
import { fromMarkdown } from 'mdast-util-from-markdown';
import { gfmFromMarkdown } from 'mdast-util-gfm';
import { toString } from 'mdast-util-to-string';
import { gfm } from 'micromark-extension-gfm';
import { keepIntrawordAsterisks } from './intraword-emphasis';

const SNIPPET_LENGTH = 90;

/** Blocks whose text is one run; everything else is a list of blocks, joined by spaces. */
const TEXT_BLOCKS = new Set(['paragraph', 'heading', 'tableCell', 'code']);

function blockText(node: Nodes): string {
  if (TEXT_BLOCKS.has(node.type) || !('children' in node)) return toString(node, { includeHtml: false });
  return node.children.map((child) => blockText(child as Nodes)).join(' ');
}

/**
 * A message as one line of plain text, read from the parsed Markdown the bubble renders (so
 * `LLM_BASE_URL` and `2*3*4` keep their characters, and only real formatting goes); raw HTML, never
 * shown in a bubble, is left out here too.
 */
export function messageSnippet(content: string): string {
  const tree = fromMarkdown(content, { extensions: [gfm()], mdastExtensions: [gfmFromMarkdown()] });
  keepIntrawordAsterisks(tree, content);
  const text = blockText(tree).replace(/\s+/g, ' ').trim();
  return text.length > SNIPPET_LENGTH ? `${text.slice(0, SNIPPET_LENGTH)}…` : text;
}
