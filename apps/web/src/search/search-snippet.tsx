import type { TSnippetPart } from '@agentroom/shared';

/** A search snippet: plain text, the matched words in <mark>. Nothing in it is read as HTML. */
export function SearchSnippet({ parts }: { parts: readonly TSnippetPart[] }) {
  return (
    <span className="line-clamp-3 break-words whitespace-pre-line">
      {parts.map((part, index) =>
        part.highlight ? (
          <mark key={index} className="rounded-sm bg-amber-200 px-0.5 text-inherit dark:bg-amber-500/40">
            {part.text}
          </mark>
        ) : (
          <span key={index}>{part.text}</span>
        ),
      )}
    </span>
  );
}
