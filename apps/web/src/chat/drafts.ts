/**
 * Unsent text per conversation, for this page load: leaving a chat and coming back brings the
 * draft back. Kept in memory on purpose: nothing typed is written to the browser's storage.
 */
const drafts = new Map<string, string>();

export function readDraft(key: string | undefined): string {
  return key === undefined ? '' : (drafts.get(key) ?? '');
}

export function writeDraft(key: string | undefined, text: string): void {
  if (key === undefined) return;
  if (text === '') drafts.delete(key);
  else drafts.set(key, text);
}
