/**
 * @mentions: `@username` of someone in the conversation, written anywhere a word may start.
 * The server reads them when a message is stored (who to notify, which AI agents answer); the web app
 * reads the same way to highlight them and to offer members as the composer's `@` completes.
 */
export interface TMentionable {
  id: string;
  username: string;
}

/** `@` at the start or after a character that cannot be part of a username or an address. */
const MENTION = /(^|[^A-Za-z0-9_.@-])@([A-Za-z0-9_-]+)/g;

/** Usernames written as @mentions in `content`, lowercased, each once, in order of first mention. */
export function mentionedUsernames(content: string): string[] {
  const seen = new Set<string>();
  for (const match of content.matchAll(MENTION)) seen.add(match[2]!.toLowerCase());
  return [...seen];
}

/** Where each @mention sits in `text`: from its '@' (`start`) to the end of the name (`end`), and the name as written. */
export function mentionRanges(text: string): { start: number; end: number; username: string }[] {
  return [...text.matchAll(MENTION)].map((match) => {
    const start = match.index + match[1]!.length;
    return { start, end: start + 1 + match[2]!.length, username: match[2]! };
  });
}

/** The members of `candidates` that `content` @mentions (usernames match case-insensitively), in order of first mention. */
export function findMentions<T extends TMentionable>(content: string, candidates: readonly T[]): T[] {
  const byName = new Map(candidates.map((c) => [c.username.toLowerCase(), c]));
  return mentionedUsernames(content).flatMap((name) => {
    const found = byName.get(name);
    return found ? [found] : [];
  });
}

/**
 * The `@partial` being typed right before the caret, for the composer's completion list: its start
 * index and the text after `@` (possibly ''), or null when the caret is not in a mention.
 */
export function mentionQueryAt(text: string, caret: number): { start: number; query: string } | null {
  const before = text.slice(0, caret);
  const match = /(^|[^A-Za-z0-9_.@-])@([A-Za-z0-9_-]*)$/.exec(before);
  if (!match) return null;
  return { start: before.length - match[2]!.length - 1, query: match[2]! };
}
