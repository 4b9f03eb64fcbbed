import { useEffect, useId, useRef, useState, type ChangeEvent } from 'react';
import { ImageUp, Trash2 } from 'lucide-react';
import { AVATAR_ERRORS, AVATAR_MAX_BYTES, AVATAR_MIME_TYPES } from '@agentroom/shared';
import { errorMessage } from '../api/api-error';
import { useT } from '../i18n';
import { AgentAvatar } from '../people/agent-avatar';
import { Button } from '../ui/button';

const ACCEPT = AVATAR_MIME_TYPES.join(',');

export interface AvatarPickerProps {
  /** Whose avatar: the image's text and the initials when there is no picture. */
  name: string;
  /** The avatar shown now (uploaded or generated); '' for none yet. */
  src: string;
  /** An uploaded avatar (or a chosen file) is there to remove. */
  removable: boolean;
  /** Sends the image, reporting progress (0–1); a rejection's message is shown. */
  onUpload: (file: File, onProgress: (fraction: number) => void) => Promise<unknown>;
  onRemove: () => Promise<unknown>;
  /** A chosen image not sent yet (a new AI agent's, sent once it exists): shown as the preview. */
  pendingFile?: File | null;
  disabled?: boolean;
}

/**
 * Local previews of chosen files (blob: URLs, which the CSP allows), made when a file is chosen and
 * released when the picker goes away.
 */
function usePreviews() {
  const [made] = useState(() => new Set<string>());
  useEffect(() => () => made.forEach((url) => URL.revokeObjectURL(url)), [made]);
  return (file: File) => {
    const url = URL.createObjectURL(file);
    made.add(url);
    return { file, url };
  };
}

/** What the browser can tell before sending (in English, the key of its translation): the server sniffs the bytes and decides for good. */
function problemOf(file: File): string | undefined {
  if (file.size > AVATAR_MAX_BYTES) return AVATAR_ERRORS.tooLarge;
  if (file.type && !(AVATAR_MIME_TYPES as readonly string[]).includes(file.type)) return AVATAR_ERRORS.unsupportedType;
  return undefined;
}

/**
 * Choose an avatar image: a preview at once, upload progress, the server's answer if it refuses
 * (too large, not an image, unreadable), and a way back to the generated avatar.
 */
export function AvatarPicker({ name, src, removable, onUpload, onRemove, pendingFile, disabled = false }: AvatarPickerProps) {
  const { t } = useT();
  const input = useRef<HTMLInputElement>(null);
  const hintId = useId();
  const [sending, setSending] = useState<File | null>(null);
  const [progress, setProgress] = useState(0);
  const [removing, setRemoving] = useState(false);
  const [error, setError] = useState<string>();
  const makePreview = usePreviews();
  const [preview, setPreview] = useState<{ file: File; url: string } | null>(null);
  const busy = !!sending || removing;
  // The image being sent, or the parent's chosen-but-unsent one; else what is stored.
  const shown = preview && (preview.file === sending || preview.file === pendingFile) ? preview.url : src;

  async function choose(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    // The same file may be chosen again after a failure.
    event.target.value = '';
    if (!file) return;
    const problem = problemOf(file);
    setError(problem && t(problem));
    if (problem) return;
    setPreview(makePreview(file));
    setSending(file);
    setProgress(0);
    try {
      await onUpload(file, setProgress);
    } catch (failure) {
      setError(errorMessage(failure, t('Could not save the avatar')));
    } finally {
      setSending(null);
    }
  }

  async function remove() {
    setError(undefined);
    setRemoving(true);
    try {
      await onRemove();
    } catch (failure) {
      setError(errorMessage(failure, t('Could not remove the avatar')));
    } finally {
      setRemoving(false);
    }
  }

  const percent = Math.round(progress * 100);
  return (
    <div className="flex items-start gap-4" data-testid="avatar-picker">
      <AgentAvatar src={shown} name={name} className="size-16 text-base" />
      <div className="min-w-0 flex-1 space-y-2">
        <div className="flex flex-wrap gap-2">
          <Button
            size="sm"
            variant="secondary"
            onClick={() => input.current?.click()}
            disabled={disabled || busy}
            loading={!!sending}
            aria-describedby={hintId}
          >
            <ImageUp aria-hidden="true" className="size-3.5" />
            {removable ? t('Change image') : t('Upload image')}
          </Button>
          {removable && (
            <Button size="sm" variant="ghost" onClick={() => void remove()} disabled={disabled || busy} loading={removing}>
              <Trash2 aria-hidden="true" className="size-3.5" />
              {t('Remove')}
            </Button>
          )}
        </div>
        <input
          ref={input}
          type="file"
          accept={ACCEPT}
          className="sr-only"
          tabIndex={-1}
          aria-label={t('Avatar image')}
          data-testid="avatar-input"
          onChange={(event) => void choose(event)}
        />
        <p id={hintId} className="text-xs text-zinc-500 dark:text-zinc-400">
          {t('PNG, JPEG, WebP or GIF, up to {{size}} MB. Cropped to a square.', { size: AVATAR_MAX_BYTES / (1024 * 1024) })}
        </p>
        {sending && (
          <div className="space-y-1">
            <div
              role="progressbar"
              aria-label={t('Uploading avatar')}
              aria-valuemin={0}
              aria-valuemax={100}
              aria-valuenow={percent}
              className="h-1.5 w-full overflow-hidden rounded-full bg-zinc-200 dark:bg-zinc-800"
            >
              <div className="h-full rounded-full bg-indigo-600 transition-[width] dark:bg-indigo-400" style={{ width: `${percent}%` }} />
            </div>
            <p className="text-xs text-zinc-500 dark:text-zinc-400">{t('Uploading… {{percent}}%', { percent })}</p>
          </div>
        )}
        {error && (
          <p role="alert" className="text-xs font-medium text-red-700 dark:text-red-300">
            {error}
          </p>
        )}
      </div>
    </div>
  );
}
