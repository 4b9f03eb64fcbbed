/** Arabic-Indic digits (٠–٩), which an Arabic keyboard may type, as ASCII ones. */
const asciiDigits = (text: string) => text.replace(/[\u0660-\u0669]/g, (digit) => String(digit.charCodeAt(0) - 0x0660));

/**
 * A token count as typed: '250,000', '250 000', '250.000' in German, '250٬000' in Arabic or '250000'
 * → 250000; '' → null; anything else → NaN. Grouping marks are the language's (and ',' or spaces,
 * which English always used); a decimal mark is never a grouping one, so '2.5' is NaN in English.
 */
export function parseTokens(text: string, language: string): number | null {
  const group = new Intl.NumberFormat(language).formatToParts(10000).find((part) => part.type === 'group')?.value ?? ',';
  const decimal = new Intl.NumberFormat(language).formatToParts(1.5).find((part) => part.type === 'decimal')?.value ?? '.';
  const marks = new Set([group, '\u066C', ...(decimal === ',' ? [] : [','])]);
  const digits = [...asciiDigits(text)].filter((char) => !marks.has(char) && !/[\s_]/.test(char)).join('');
  if (!digits) return null;
  return /^\d+$/.test(digits) ? Number(digits) : Number.NaN;
}
