import { useLanguage } from '../i18n';

/** Dates and numbers in the reader's language. */
export function useAdminFormat() {
  const language = useLanguage();
  const dateTime = new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'short' });
  const day = new Intl.DateTimeFormat(language, { dateStyle: 'medium' });
  const number = new Intl.NumberFormat(language);
  return {
    date: (iso: string) => dateTime.format(new Date(iso)),
    day: (iso: string) => day.format(new Date(iso)),
    number: (value: number) => number.format(value),
  };
}
