import { FileText } from 'lucide-react';
import { INLINE_IMAGE_MIME_TYPES, type TChatAttachment } from '@agentroom/shared';
import { useLanguage, useT } from '../i18n';
import { assetUrl } from '../lib/asset-url';
import { cn } from '../ui/cn';
import { focusRing } from '../ui/button';

const inline = new Set<string>(INLINE_IMAGE_MIME_TYPES);

export function formatBytes(size: number, language: string): string {
  const number = (value: number, digits = 0) => new Intl.NumberFormat(language, { minimumFractionDigits: digits, maximumFractionDigits: digits, useGrouping: false }).format(value);
  if (size < 1024) return `${number(size)} B`;
  if (size < 1024 * 1024) return `${number(Math.round(size / 1024))} KB`;
  return `${number(size / (1024 * 1024), 1)} MB`;
}

/** A message's files: images inline through their signed URL, everything else as a download link. */
export function MessageAttachments({ attachments, own }: { attachments: readonly TChatAttachment[]; own: boolean }) {
  const { t } = useT();
  const language = useLanguage();
  if (attachments.length === 0) return null;
  return (
    <ul className="mt-1.5 flex flex-wrap gap-2" aria-label={t('Attachments')}>
      {attachments.map((file) => (
        <li key={file.id} className="max-w-full">
          {!file.url ? (
            // Still uploading (a pending message): the name only.
            <span className="inline-flex items-center gap-1.5 rounded-lg bg-black/10 px-2 py-1 text-xs opacity-80 dark:bg-white/10">
              <FileText aria-hidden="true" className="size-3.5" />
              {file.filename}
            </span>
          ) : inline.has(file.mime) ? (
            <a href={assetUrl(file.url)} target="_blank" rel="noopener noreferrer" className={cn('block rounded-lg', focusRing)}>
              <img
                src={assetUrl(file.url)}
                alt={file.filename}
                loading="lazy"
                className="max-h-60 max-w-full rounded-lg border border-black/10 object-contain dark:border-white/10"
              />
            </a>
          ) : (
            <a
              href={assetUrl(file.url)}
              download={file.filename}
              rel="noopener noreferrer"
              className={cn(
                'inline-flex max-w-full items-center gap-2 rounded-lg px-2.5 py-1.5 text-xs font-medium',
                own ? 'bg-white/15 hover:bg-white/25' : 'bg-white hover:bg-zinc-50 dark:bg-zinc-900 dark:hover:bg-zinc-950',
                focusRing,
              )}
            >
              <FileText aria-hidden="true" className="size-4 shrink-0" />
              <span className="truncate">{file.filename}</span>
              {/* Set apart by weight, not by fading: faded white on the own bubble's indigo fell under 4.5:1 (axe). */}
              <span className={cn('shrink-0 font-normal', !own && 'text-zinc-500 dark:text-zinc-400')}>{formatBytes(file.size, language)}</span>
            </a>
          )}
        </li>
      ))}
    </ul>
  );
}
