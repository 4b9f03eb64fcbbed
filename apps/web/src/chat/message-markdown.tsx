import { memo } from 'react';
import { cn } from '../ui/cn';
import type { MentionMarks } from './conversation-members';
import { isPlainParagraph, useMarkdownPipeline } from './markdown-loader';

/**
 * Message text as GitHub-flavoured Markdown (markdown-pipeline.tsx), safely: raw HTML is dropped (never parsed into elements),
 * the tree is sanitized, links open in a new tab without access to this one. In rooms, the
 * @mentions of members are marked after sanitizing (mention-marks.ts).
 * Layout: the one-column minmax(0, 1fr) grid gives the text no minimum width of its own, so a long
 * word or URL wraps (overflow-wrap: anywhere) and a wide code block scrolls inside itself instead of
 * pushing the bubble past the pane's edge.
 */
export const MessageMarkdown = memo(function MessageMarkdown({
  content,
  className,
  mentions,
  onAccent = false,
}: {
  content: string;
  className?: string;
  /** @usernames to mark (rooms): lowercased username → 'me' (stronger) or 'member'. */
  mentions?: MentionMarks;
  /** The text sits on the accent colour (one's own bubble): marks in white. */
  onAccent?: boolean;
}) {
  const plain = isPlainParagraph(content);
  const pipeline = useMarkdownPipeline(!plain);
  return (
    // What someone wrote runs in its own direction (English in an Arabic page ends with its "?" on the right).
    <div className="grid min-w-0 grid-cols-[minmax(0,1fr)]" data-testid="message-text" dir="auto">
      <div
        className={cn(
          'min-w-0 text-sm leading-relaxed wrap-anywhere',
          '[&_p]:my-1 first:[&_p]:mt-0 last:[&_p]:mb-0 [&_ul]:my-1 [&_ul]:list-disc [&_ul]:ps-5 [&_ol]:my-1 [&_ol]:list-decimal [&_ol]:ps-5',
          '[&_blockquote]:my-1 [&_blockquote]:border-s-2 [&_blockquote]:border-current/30 [&_blockquote]:ps-3 [&_blockquote]:opacity-90',
          '[&_h1]:text-base [&_h1]:font-semibold [&_h2]:text-base [&_h2]:font-semibold [&_h3]:font-semibold',
          className,
        )}
      >
        {plain ? (
          <p>{content}</p>
        ) : pipeline ? (
          <pipeline.RichMarkdown content={content} mentions={mentions} onAccent={onAccent} />
        ) : (
          // The pipeline is still on its way (markdown-loader.ts): the text as written, for that moment.
          <p className="whitespace-pre-wrap">{content}</p>
        )}
      </div>
    </div>
  );
});
