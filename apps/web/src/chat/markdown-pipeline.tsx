import { useMemo, useRef, type ComponentProps } from 'react';
import Markdown, { defaultUrlTransform, type Components } from 'react-markdown';
import rehypeSanitize from 'rehype-sanitize';
import { gfmFromMarkdown } from 'mdast-util-gfm';
import { gfm } from 'micromark-extension-gfm';
import remarkBreaks from 'remark-breaks';
import { COMPOSER_TEXTS } from '@agentroom/shared';
import { useT } from '../i18n';
import { cn } from '../ui/cn';
import type { MentionMarks } from './conversation-members';
import { CopyButton } from './copy-button';
import { remarkNoIntrawordEmphasis } from './intraword-emphasis';
import { rehypeMentionMarks } from './mention-marks';

/*
 * The Markdown pipeline (react-markdown, micromark with GFM, the sanitizer: ≈ 37 KiB brotli), in a
 * chunk of its own that markdown-loader.ts loads: a chat whose newest messages are plain paints
 * without it.
 */

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
  pre: ({ node: _node, className, ...props }) => <CodeBlock {...props} className={className} />,
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

/** A code block, with a button that copies its code (the text as shown, without the Markdown fences). */
function CodeBlock({ className, ...props }: ComponentProps<'pre'>) {
  const pre = useRef<HTMLPreElement>(null);
  const { t } = useT();
  return (
    <div className="group/code relative my-2 max-w-full">
      <pre
        {...props}
        ref={pre}
        className={cn(
          'max-w-full overflow-x-auto rounded-lg bg-zinc-900 p-3 pe-10 text-[13px] leading-relaxed text-zinc-100 dark:bg-black/60',
          '[&_code]:bg-transparent [&_code]:p-0 [&_code]:text-inherit',
          className,
        )}
      />
      <CopyButton
        label={t(COMPOSER_TEXTS.copyCode)}
        text={() => (pre.current?.textContent ?? '').replace(/\n$/, '')}
        className="absolute top-1.5 end-1.5 bg-zinc-900 text-zinc-300 hover:bg-zinc-700 hover:text-white dark:bg-zinc-950"
      />
    </div>
  );
}

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

/** Message text through the whole pipeline (message-markdown.tsx decides when it is needed). */
export function RichMarkdown({ content, mentions, onAccent }: { content: string; mentions?: MentionMarks; onAccent: boolean }) {
  const plugins = useMemo(
    () => (mentions && mentions.size > 0 ? [...rehypePlugins, rehypeMentionMarks(mentions, onAccent)] : rehypePlugins),
    [mentions, onAccent],
  );
  return (
    <Markdown remarkPlugins={remarkPlugins} rehypePlugins={plugins} skipHtml urlTransform={safeUrl} components={components}>
      {content}
    </Markdown>
  );
}
