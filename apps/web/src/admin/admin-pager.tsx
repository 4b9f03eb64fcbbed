import { useT } from '../i18n';
import { Button } from '../ui/button';

/** "Page 2 of 5" with Previous and Next; nothing when everything fits on one page. */
export function AdminPager({ page, pageSize, total, onPage }: { page: number; pageSize: number; total: number; onPage: (page: number) => void }) {
  const { t } = useT();
  const pages = Math.max(1, Math.ceil(total / pageSize));
  if (pages <= 1) return null;
  return (
    <nav aria-label={t('Pages')} className="mt-4 flex items-center justify-between gap-3 text-sm text-zinc-600 dark:text-zinc-400">
      <Button variant="secondary" size="sm" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        {t('Previous')}
      </Button>
      <span>{t('Page {{page}} of {{pages}}', { page, pages })}</span>
      <Button variant="secondary" size="sm" disabled={page >= pages} onClick={() => onPage(page + 1)}>
        {t('Next')}
      </Button>
    </nav>
  );
}
