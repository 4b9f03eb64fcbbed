import { useEffect, useState } from 'react';
import { Search } from 'lucide-react';
import { useT } from '../i18n';
import { Button } from '../ui/button';
import { lazyDialog } from '../ui/lazy-dialog';

// The dialog (its results, the search hook, radix's dialog parts) loads when it first opens.
const SearchDialog = lazyDialog(() => import('./search-dialog').then((m) => m.SearchDialog));

/** A header button for the search dialog; Ctrl+K (⌘K on a Mac) opens it from anywhere. */
export function SearchButton({ className }: { className?: string }) {
  const { t } = useT();
  const [open, setOpen] = useState(false);
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if ((event.ctrlKey || event.metaKey) && event.key.toLowerCase() === 'k') {
        event.preventDefault();
        setOpen(true);
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);
  return (
    <>
      <Button
        variant="ghost"
        size="sm"
        onClick={() => setOpen(true)}
        onPointerEnter={SearchDialog.preload}
        onFocus={SearchDialog.preload}
        aria-keyshortcuts="Control+K Meta+K"
        className={className}
      >
        <Search aria-hidden="true" className="size-4" />
        {t('Search')}
      </Button>
      {/* Mounted only while open: each opening starts a new search, its times relative to that moment. */}
      {open && <SearchDialog open onOpenChange={setOpen} />}
    </>
  );
}
