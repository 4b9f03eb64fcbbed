import { useCallback, useState } from 'react';

const read = (key: string, initial: boolean) => {
  try {
    const stored = localStorage.getItem(key);
    return stored === null ? initial : stored === 'true';
  } catch {
    return initial;
  }
};

/** A boolean UI preference kept in localStorage (e.g. the chat's profile panel open or closed). */
export function useRememberedFlag(key: string, initial: boolean): [boolean, (next: boolean) => void] {
  const [value, setValue] = useState(() => read(key, initial));
  const update = useCallback(
    (next: boolean) => {
      setValue(next);
      try {
        localStorage.setItem(key, String(next));
      } catch {
        // Storage full or blocked: the choice lasts until the page closes.
      }
    },
    [key],
  );
  return [value, update];
}
