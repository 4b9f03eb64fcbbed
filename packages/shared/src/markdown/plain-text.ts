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

/** The parsed reading: what a bubble renders, as one line of text. */
export function parsedPlainText(content: string): string {
  const tree = fromMarkdown(content, { extensions: [gfm()], mdastExtensions: [gfmFromMarkdown()] });
  keepIntrawordAsterisks(tree, content);
  return blockText(tree).replace(/\s+/g, ' ').trim();
}

/**
 * Text no Markdown construct changes: no character that starts inline syntax (emphasis, code, links,
 * images, HTML, entities, escapes, tables, headings), no block marker at a line's start (lists,
 * numbered lists, setext underlines, thematic breaks). Bare URLs stay as written either way.
 */
function needsNoParse(content: string): boolean {
  return !/[*_~`[\]<>&\\|#]/.test(content) && !/(^|\n)[ \t]*([-+=]|\d+[.)])/.test(content);
}

/**
 * A message as one line of plain text, read from the parsed Markdown a bubble renders (so
 * `LLM_BASE_URL` and `2*3*4` keep their characters, and only real formatting goes); raw HTML, never
 * shown in a bubble, is left out here too. Longer than `maxLength`: cut, with an ellipsis. Most
 * messages have no Markdown at all: they skip the parser (a search page reads twenty of them).
 */
export function markdownToPlainText(content: string, maxLength: number): string {
  const text = needsNoParse(content) ? content.replace(/\s+/g, ' ').trim() : parsedPlainText(content);
  return text.length > maxLength ? `${text.slice(0, maxLength)}…` : text;
}
