/**
 * Who is doing something, as a sentence fragment (rooms have many people and AI agents).
 * Up to three names are said in full; beyond that the first two and how many others:
 * "Maya", "Maya and Nova", "Maya, Nova and Sage", "Maya, Nova and 2 others".
 */
export function namesText(names: readonly string[]): string {
  if (names.length <= 1) return names[0] ?? '';
  if (names.length <= 3) return `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;
  const others = names.length - 2;
  return `${names[0]}, ${names[1]} and ${others} others`;
}

/** The typing line: "Maya is typing…", "Maya and Nova are typing…", "Maya, Nova and 2 others are typing…"; '' when nobody is. */
export function typingText(names: readonly string[]): string {
  if (names.length === 0) return '';
  return `${namesText(names)} ${names.length === 1 ? 'is' : 'are'} typing…`;
}

/** What a seen marker says aloud: "Seen by Maya", "Seen by Maya, Nova and 2 others"; '' when nobody. */
export function seenByText(names: readonly string[]): string {
  return names.length === 0 ? '' : `Seen by ${namesText(names)}`;
}
