import EmojiPicker, { Categories, EmojiStyle, SkinTonePickerLocation, SuggestionMode, Theme } from 'emoji-picker-react';
import { useT } from '../i18n';

/*
 * Every emoji, searchable, with skin tones (emoji-picker-react, its English data bundled: ≈ 70 KiB
 * brotli). Its own chunk, loaded when a reader first asks for more than the quick reactions
 * (reaction-palette.tsx); the chat's first screen never carries it. Native emoji only: the picker
 * fetches no images. What it offers, the server accepts (isReactionEmoji; full-emoji-picker.test.ts).
 * Its own words (search, results, category names) follow the reader's language; the emoji names it
 * searches stay English (one data set, the one the server's check was written against).
 */
export function FullEmojiPicker({ onPick }: { onPick: (emoji: string) => void }) {
  const { t } = useT();
  return (
    <EmojiPicker
      emojiStyle={EmojiStyle.NATIVE}
      theme={Theme.AUTO}
      suggestedEmojisMode={SuggestionMode.RECENT}
      skinTonePickerLocation={SkinTonePickerLocation.SEARCH}
      previewConfig={{ showPreview: false }}
      lazyLoadEmojis
      autoFocusSearch
      width="min(22rem, calc(100vw - 1rem))"
      height={360}
      labels={{
        searchPlaceholder: t('Search'),
        searchLabel: t('Type to search for an emoji'),
        searchClear: t('Clear'),
        searchResultsNone: t('No results found'),
        searchResultsOne: t('1 result found. Use up and down arrow keys to navigate.'),
        searchResultsMany: t('%n results found. Use up and down arrow keys to navigate.'),
        categoryNavigation: t('Category navigation'),
        loading: t('Loading…'),
        loadingError: t('Could not load emojis.'),
        retryLoading: t('Try again'),
      }}
      categories={[
        { category: Categories.SUGGESTED, name: t('Recently Used') },
        { category: Categories.SMILEYS_PEOPLE, name: t('Smileys & People') },
        { category: Categories.ANIMALS_NATURE, name: t('Animals & Nature') },
        { category: Categories.FOOD_DRINK, name: t('Food & Drink') },
        { category: Categories.TRAVEL_PLACES, name: t('Travel & Places') },
        { category: Categories.ACTIVITIES, name: t('Activities') },
        { category: Categories.OBJECTS, name: t('Objects') },
        { category: Categories.SYMBOLS, name: t('Symbols') },
        { category: Categories.FLAGS, name: t('Flags') },
      ]}
      onEmojiClick={(data) => onPick(data.emoji)}
    />
  );
}
