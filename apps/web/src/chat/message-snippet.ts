import { markdownToPlainText } from '@agentroom/shared/markdown';
import { SNIPPET_LENGTH } from './snippet-length';

/** A message as one line of plain text from its parsed Markdown (profile panel, sidebar, notifications). */
export function messageSnippet(content: string): string {
  return markdownToPlainText(content, SNIPPET_LENGTH);
}

/** Any length: what a screen reader is told of a new message. */
export { markdownToPlainText };
