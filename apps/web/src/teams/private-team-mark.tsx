import { Lock } from 'lucide-react';
import { useT } from '../i18n';
import { cn } from '../ui/cn';

/** The lock beside a private team's name, read out as 'Private team'. */
export function PrivateTeamMark({ className }: { className?: string }) {
  const { t } = useT();
  return (
    <>
      <Lock aria-hidden="true" className={cn('shrink-0 text-zinc-400', className)} />
      <span className="sr-only">{t('Private team')}</span>
    </>
  );
}
