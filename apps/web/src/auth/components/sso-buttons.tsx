import type { TSsoProvider } from '@agentroom/shared';
import { ssoStartUrl } from '../../api/sso-api';
import { useT } from '../../i18n';
import { Button } from '../../ui/button';
import { cn } from '../../ui/cn';

/**
 * "Continue with {name}" for each provider: plain links, since the whole page goes to the provider
 * and back. `next` travels along, so the app lands where the person was going.
 */
export function SsoButtons({ providers, next, className }: { providers: TSsoProvider[]; next?: string; className?: string }) {
  const { t } = useT();
  if (providers.length === 0) return null;
  return (
    <div className={cn('flex flex-col gap-2.5', className)}>
      {providers.map((provider) => (
        <Button key={provider.id} asChild variant="secondary" size="lg">
          <a href={ssoStartUrl(provider.id, next)}>{t('Continue with {{name}}', { name: provider.name })}</a>
        </Button>
      ))}
    </div>
  );
}

/** The line between the providers and the form below them. */
export function OrSeparator() {
  const { t } = useT();
  return (
    <div className="my-6 flex items-center gap-3 text-xs text-zinc-500 uppercase dark:text-zinc-400" role="separator">
      <span className="h-px flex-1 bg-zinc-200 dark:bg-zinc-800" />
      {t('or')}
      <span className="h-px flex-1 bg-zinc-200 dark:bg-zinc-800" />
    </div>
  );
}
