/**
 * A text with values in it. Its key is the English text with `{{name}}` placeholders (keys are the
 * English texts, decision 0027); called like the function it replaces, it gives the English text, so
 * the server's answers and existing callers keep working, while the web translates through `.key`.
 */
export interface TextTemplate<A extends readonly (string | number)[] = readonly (string | number)[]> {
  (...values: A): string;
  readonly key: string;
  /** The placeholder names, in the order of the function's arguments. */
  readonly params: readonly string[];
}

/** `{{name}}` in `text` replaced by `values.name` (a missing value leaves the placeholder). */
export function fillTemplate(text: string, values: Record<string, string | number>): string {
  return text.replace(/\{\{\s*(\w+)\s*\}\}/g, (whole, name: string) => (name in values ? String(values[name]) : whole));
}

export function template<A extends readonly (string | number)[]>(key: string, ...params: { [I in keyof A]: string }): TextTemplate<A> {
  const fill = (...values: A) => fillTemplate(key, Object.fromEntries(params.map((name, i) => [name, values[i] ?? ''])));
  return Object.assign(fill, { key, params: params as readonly string[] });
}
