import { useState, type KeyboardEvent } from 'react';
import { useT } from '../i18n';
import { Button } from '../ui/button';

/** One's own message, edited in place: Enter saves, Shift+Enter adds a line, Escape cancels. */
export function MessageEditForm({ initial, onSave, onCancel }: { initial: string; onSave: (text: string) => Promise<void>; onCancel: () => void }) {
  const { t } = useT();
  const [text, setText] = useState(initial);
  const [saving, setSaving] = useState(false);
  const save = async () => {
    const trimmed = text.trim();
    if (!trimmed || saving) return;
    if (trimmed === initial.trim()) return onCancel();
    setSaving(true);
    try {
      await onSave(trimmed);
      onCancel();
    } catch {
      setSaving(false); // keep the text so nothing typed is lost
    }
  };
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Escape') {
      event.preventDefault();
      onCancel();
    } else if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      void save();
    }
  };
  return (
    <div className="w-full min-w-56 space-y-2">
      <textarea
        aria-label={t('Edit message')}
        autoFocus
        value={text}
        onChange={(event) => setText(event.target.value)}
        onKeyDown={onKeyDown}
        rows={Math.min(6, Math.max(2, text.split('\n').length))}
        className="block w-full resize-none rounded-lg border border-zinc-300 bg-white px-2.5 py-1.5 text-sm text-zinc-900 outline-none focus:border-indigo-500 focus:ring-2 focus:ring-indigo-500/30 dark:border-zinc-700 dark:bg-zinc-950 dark:text-zinc-100"
      />
      <div className="flex justify-end gap-2">
        <Button size="sm" variant="ghost" onClick={onCancel}>
          {t('Cancel')}
        </Button>
        <Button size="sm" onClick={() => void save()} loading={saving} disabled={!text.trim()}>
          {t('Save')}
        </Button>
      </div>
    </div>
  );
}
