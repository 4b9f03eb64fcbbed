import EmojiPicker, { EmojiStyle, SkinTonePickerLocation, SuggestionMode, Theme } from 'emoji-picker-react';

/*
 * Every emoji, searchable, with skin tones (emoji-picker-react, its English data bundled: ≈ 70 KiB
 * brotli). Its own chunk, loaded when a reader first asks for more than the quick reactions
 * (reaction-palette.tsx); the chat's first screen never carries it. Native emoji only: the picker
 * fetches no images. What it offers, the server accepts (isReactionEmoji; full-emoji-picker.test.ts).
 */
export function FullEmojiPicker({ onPick }: { onPick: (emoji: string) => void }) {
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
      onEmojiClick={(data) => onPick(data.emoji)}
    />
  );
}
