import { Fragment } from 'react';

/** Stands in for the value while the sentence is translated; the translation decides where it goes. */
export const VALUE_MARK = '\u0000';

/**
 * A translated sentence with one value (an email, a name) set in bold: translate with
 * `{ email: VALUE_MARK }` and pass the value here.
 */
export function StrongValue({ sentence, value }: { sentence: string; value: string }) {
  const parts = sentence.split(VALUE_MARK);
  return (
    <>
      {parts.map((part, index) => (
        <Fragment key={index}>
          {index > 0 && <strong className="font-medium break-words text-zinc-900 dark:text-zinc-100">{value}</strong>}
          {part}
        </Fragment>
      ))}
    </>
  );
}
