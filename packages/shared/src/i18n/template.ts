/**
 * Texts with values in them (decision 0027). Keys are the English texts with `{{name}}` placeholders.
 * A `TextTemplate` is called like the function it replaced and gives English, so the server's answers
 * and every existing caller keep working; the web passes its own `translate` to `resolve` instead.
 * A text with a count is a plural: its key is the English "other" form and it names its "one" form.
 */
type Values = Record<string, string | number>;
export type Translate = (key: string, values?: Values) => string;

export interface TextKey {
  key: string;
  /** Set on a plural: i18next looks up `<key>_one`, `<key>_other`… with `count` among the values. */
  plural?: true;
}

export interface TextTemplate<A extends readonly unknown[] = never[]> {
  (...args: A): string;
  /** The text in the language of `translate`. */
  resolve(translate: Translate, ...args: A): string;
  /** Every key the text may use: the catalog check wants each in every language. */
  readonly keys: readonly TextKey[];
}

/** `{{name}}` in `text` replaced by `values.name` (a missing value leaves the placeholder). */
export function fillTemplate(text: string, values: Values = {}): string {
  return text.replace(/\{\{\s*(\w+)\s*\}\}/g, (whole, name: string) => (name in values ? String(values[name]) : whole));
}

/** English plurals' "one" forms by key; English has no other forms but "other", the key itself. */
const ENGLISH_ONE_FORMS = new Map<string, string>();

export const englishTranslate: Translate = (key, values = {}) => {
  const one = values.count === 1 ? ENGLISH_ONE_FORMS.get(key) : undefined;
  return fillTemplate(one ?? key, values);
};

/** The English plural forms as i18next reads them (`<key>_one`, `<key>_other`), for the web's English catalog. */
export function englishPluralForms(): Record<string, string> {
  return Object.fromEntries([...ENGLISH_ONE_FORMS].flatMap(([key, one]) => [[`${key}_one`, one], [`${key}_other`, key]]));
}

/** A text whose wording depends on its values: `resolve` picks among `keys` with the translate it is given. */
export function defineText<A extends readonly unknown[]>(keys: readonly TextKey[], resolve: (translate: Translate, ...args: A) => string): TextTemplate<A> {
  const english = (...args: A) => resolve(englishTranslate, ...args);
  return Object.assign(english, { resolve, keys });
}

/** A text with named values, given in order: `template<[string]>('Report {{name}}', 'name')`. */
export function template<A extends readonly (string | number)[]>(key: string, ...params: { [I in keyof A]: string }): TextTemplate<A> {
  return defineText<A>([{ key }], (translate, ...args) => translate(key, Object.fromEntries(params.map((name, i) => [name, args[i] ?? '']))));
}

/**
 * A plural key: `other` is the key (with `{{count}}`), `one` the English singular. Use it inside
 * `defineText`, or through `pluralText` when the count is the only value.
 */
export function pluralKey(other: string, one: string): TextKey {
  ENGLISH_ONE_FORMS.set(other, one);
  return { key: other, plural: true };
}

/** A text whose only value is a count: `pluralText('{{count}} attempts', '1 attempt')`. */
export function pluralText(other: string, one: string): TextTemplate<[count: number]> {
  const key = pluralKey(other, one);
  return defineText<[number]>([key], (translate, count) => translate(other, { count }));
}
