import { template } from '@agentroom/shared';

/**
 * The texts of pins and saved messages (decision 0026), in English: each is its own translation's key
 * (catalog area `account`), shown through `t()` / `tf()`. The API's own errors (THREAD_ERRORS) are shown as it sends them.
 */
export const PIN_TEXTS = {
  pin: 'Pin',
  unpin: 'Unpin',
  save: 'Save',
  unsave: 'Remove from saved',
  pinned: 'Pinned',
  pinnedMessages: 'Pinned messages',
  noPins: 'No pinned messages',
  savedMessages: 'Saved messages',
  noSaved: 'No saved messages yet',
  loadMore: 'Load more',
  loadingSaved: 'Loading saved messages...',
  deleted: 'This message was deleted',
  pinnedBy: template<[string]>('Pinned by {{name}}', 'name'),
} as const;

/** Said when the API gives no text of its own. */
export const PIN_FALLBACKS = {
  pins: 'Failed to load the pinned messages',
  pin: 'Failed to pin the message',
  unpin: 'Failed to unpin the message',
  saved: 'Failed to load the saved messages',
  save: 'Failed to save the message',
  unsave: 'Failed to remove the message from saved',
} as const;
