/** The rules of reactions that requests are checked against (zod-free: the web's picker reuses them). */
/** Different emojis one message can carry; reacting with one more is refused (409). */
export const MAX_DISTINCT_REACTIONS = 20;
/** UTF-16 code units of the longest emoji accepted (a family or a subdivision flag fits). */
export const REACTION_EMOJI_MAX_LENGTH = 32;

let rgiEmoji: RegExp | null | undefined;
/** `\p{RGI_Emoji}` needs the `v` flag (Node 20, browsers since 2023); without it, one pictograph. */
function emojiPattern(): RegExp | null {
  if (rgiEmoji === undefined) {
    try {
      rgiEmoji = new RegExp('^(?:\\p{RGI_Emoji}|\\p{Extended_Pictographic}\\uFE0F?)$', 'v');
    } catch {
      rgiEmoji = null;
    }
  }
  return rgiEmoji;
}

/** Exactly one emoji grapheme (👍, ❤️, 👩🏽‍💻, 🇫🇷, 1️⃣): no text, no two emojis, no bare digit or '#'. */
export function isReactionEmoji(value: string): boolean {
  if (!value || value.length > REACTION_EMOJI_MAX_LENGTH) return false;
  const graphemes = [...new Intl.Segmenter(undefined, { granularity: 'grapheme' }).segment(value)];
  if (graphemes.length !== 1) return false;
  return emojiPattern()?.test(value) ?? /^\p{Extended_Pictographic}\uFE0F?$/u.test(value);
}
