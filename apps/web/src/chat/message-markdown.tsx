import { memo, useMemo } from 'react';
import Markdown, { defaultUrlTransform, type Components } from 'react-markdown';
import rehypeSanitize from 'rehype-sanitize';
import { gfmFromMarkdown } from 'mdast-util-gfm';
import { gfm } from 'micromark-extension-gfm';
import remarkBreaks from 'remark-breaks';
import { cn } from '../ui/cn';
import type { MentionMarks } from './conversation-members';
import { remarkNoIntrawordEmphasis } from './intraword-emphasis';
import { rehypeMentionMarks } from './mention-marks';

/**
 * Only http(s), mailto and relative links survive: `javascript:`, `data:` and `vbscript:` become
 * empty (defaultUrlTransform already does that; saying it here keeps it true if the default changes).
 */
export function safeUrl(url: string): string {
  const cleaned = defaultUrlTransform(url);
  return /^\s*(javascript|data|vbscript):/i.test(cleaned) ? '' : cleaned;
}

const components: Components = {
  a: ({ node: _node, href, children, ...props }) =>
    href ? (
      <a
        {...props}
        href={href}
        target="_blank"
        rel="noopener noreferrer"
        className="font-medium underline underline-offset-2 wrap-anywhere"
      >
        {children}
      </a>
    ) : (
      <span>{children}</span>
    ),
  pre: ({ node: _node, className, ...props }) => (
    <pre
      {...props}
      className={cn(
        'my-2 max-w-full overflow-x-auto rounded-lg bg-zinc-900 p-3 text-[13px] leading-relaxed text-zinc-100 dark:bg-black/60',
        '[&_code]:bg-transparent [&_code]:p-0 [&_code]:text-inherit',
        className,
      )}
    />
  ),
  code: ({ node: _node, className, ...props }) => (
    <code {...props} className={cn('rounded bg-black/10 px-1 py-0.5 font-mono text-[0.85em] dark:bg-white/15', className)} />
  ),
  img: ({ node: _node, alt, src }) =>
    // Images in message text are links, not loads: a message must not make the reader fetch from anywhere.
    src ? (
      <a href={String(src)} target="_blank" rel="noopener noreferrer" className="underline">
        {alt || 'image'}
      </a>
    ) : null,
  table: ({ node: _node, ...props }) => (
    <div className="my-2 overflow-x-auto">
      <table {...props} className="border-collapse text-sm [&_td]:border [&_td]:border-current/20 [&_td]:px-2 [&_td]:py-1 [&_th]:border [&_th]:border-current/20 [&_th]:px-2 [&_th]:py-1" />
    </div>
  ),
};

type ParserData = { micromarkExtensions?: unknown[]; fromMarkdownExtensions?: unknown[] };

/**
 * GitHub-flavoured Markdown for the parser only: what remark-gfm does, without the Markdown
 * writer it also registers (mdast-util-to-markdown and its gfm handlers, for remark-stringify,
 * which nothing here runs). Tables, autolinks, strikethrough, task lists and footnotes parse as before.
 */
function remarkGfmParser(this: { data(): object }) {
  // The processor's data, where remark-parse reads its extensions (typed by remark-parse, not a dependency here).
  const data = this.data() as ParserData;
  (data.micromarkExtensions ??= []).push(gfm());
  (data.fromMarkdownExtensions ??= []).push(gfmFromMarkdown());
}

// A line break typed with Shift+Enter is a line break in the bubble, as in every chat.
const remarkPlugins = [remarkGfmParser, remarkBreaks, remarkNoIntrawordEmphasis];
const rehypePlugins = [rehypeSanitize];

/**
 * Text that Markdown would render as one paragraph of itself: one line, no leading or trailing space,
 * no character that starts any syntax (emphasis, code, links, images, HTML, entities, escapes,
 * tables, strikethrough, headings, footnotes, @mentions, e-mail autolinks), no URL or `www.` (GFM's
 * bare links) and no block marker at the start (lists, quotes, numbered lists). Such a message is
 * drawn as that paragraph directly, without running the Markdown pipeline: most chat messages are
 * plain, and parsing each one cost most of the first render of a long chat on a phone.
 */
export function isPlainParagraph(content: string): boolean {
  return (
    content.length > 0 &&
    content === content.trim() &&
    !/[\n\r\t*_~`[\]<>&\\|#@]/.test(content) &&
    !/https?:|www\.|mailto:/i.test(content) &&
    !/^[-+=>\d]/.test(content)
  );
}

/**
 * Message text as GitHub-flavoured Markdown, safely: raw HTML is dropped (never parsed into elements),
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
  const plugins = useMemo(
    () => (mentions && mentions.size > 0 ? [...rehypePlugins, rehypeMentionMarks(mentions, onAccent)] : rehypePlugins),
    [mentions, onAccent],
  );
  return (
    <div className="grid min-w-0 grid-cols-[minmax(0,1fr)]" data-testid="message-text">
      <div
        className={cn(
          'min-w-0 text-sm leading-relaxed wrap-anywhere',
          '[&_p]:my-1 first:[&_p]:mt-0 last:[&_p]:mb-0 [&_ul]:my-1 [&_ul]:list-disc [&_ul]:pl-5 [&_ol]:my-1 [&_ol]:list-decimal [&_ol]:pl-5',
          '[&_blockquote]:my-1 [&_blockquote]:border-l-2 [&_blockquote]:border-current/30 [&_blockquote]:pl-3 [&_blockquote]:opacity-90',
          '[&_h1]:text-base [&_h1]:font-semibold [&_h2]:text-base [&_h2]:font-semibold [&_h3]:font-semibold',
          className,
        )}
      >
        {isPlainParagraph(content) ? (
          <p>{content}</p>
        ) : (
          <Markdown remarkPlugins={remarkPlugins} rehypePlugins={plugins} skipHtml urlTransform={safeUrl} components={components}>
            {content}
          </Markdown>
        )}
      </div>
    </div>
  );
});
