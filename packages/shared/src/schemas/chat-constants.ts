// No zod here: the web app imports these constants, and a schema built at the top of a module it
// imports would bring all of zod into its first load (see events.ts). The schemas import them.
import { MESSAGE_MAX_LENGTH } from '../constants';
import { MAX_DISTINCT_REACTIONS } from './reaction-rules';

export const SEARCH_QUERY_MAX_LENGTH = 200;
export const SEARCH_PAGE_SIZE = 20;

/** Texts the chat API answers with (the client's own fallbacks live in CHAT_FALLBACKS). */
export const CHAT_ERRORS = {
  conversationNotFound: 'Conversation not found',
  messageNotFound: 'Message not found',
  attachmentNotFound: 'Attachment not found',
  agentNotFound: 'Agent not found',
  messageEmpty: 'Message cannot be empty',
  messageTooLong: `Message must be at most ${MESSAGE_MAX_LENGTH} characters`,
  notYourMessage: 'You can only edit your own messages',
  selfConversation: 'You cannot start a conversation with yourself',
  teamHandleRequired: 'A team handle is required for a team-scoped conversation',
  typeMismatch: 'conversationType and isTeamScoped disagree',
  targetNotMember: 'This agent is not a member of this team',
  targetNotParticipant: 'targetAgentId is not a participant of this conversation',
  clientMessageIdReused: 'clientMessageId was already used in another conversation',
  noFiles: 'No files were uploaded',
  tooManyFiles: 'Too many files',
  fileTooLarge: 'File is too large',
  unsupportedFileType: 'This file type is not allowed',
  invalidDownloadLink: 'This download link is invalid or has expired',
  notYourMessageToDelete: 'You can only delete your own messages',
  /** A deleted message takes no edit and no reaction (409). */
  messageDeleted: 'This message was deleted',
  invalidEmoji: 'A reaction must be a single emoji',
  tooManyReactions: `A message can carry at most ${MAX_DISTINCT_REACTIONS} different reactions`,
  searchEmpty: 'Enter something to search for',
  searchTooLong: `Search text must be at most ${SEARCH_QUERY_MAX_LENGTH} characters`,
} as const;

/** Threads (decision 0026): the newest distinct repliers shown under a thread's root. */
export const THREAD_REPLIERS_SHOWN = 3;
export const FOLLOWED_THREADS_PAGE_SIZE = 30;
/** Pins: at most this many per conversation. */
export const PINS_MAX_PER_CONVERSATION = 50;
export const SAVED_MESSAGES_PAGE_SIZE = 30;

/** Texts the threads, pins and saved-messages API answers with. */
export const THREAD_ERRORS = {
  /** A thread's reply cannot start a thread of its own, nor can a notice, an approval card or a deleted message. */
  cannotStartThread: "This message can't start a thread",
  /** `alsoSendToParent` outside a thread. */
  notAThread: 'Only a thread reply can also be sent to its conversation',
  /** Following is for threads; other conversations notify by their notify level. */
  onlyThreadsFollowed: 'Only a thread can be followed',
  pinInThread: "Messages in a thread can't be pinned",
  pinDeleted: "A deleted message can't be pinned",
  tooManyPins: `This conversation already has ${PINS_MAX_PER_CONVERSATION} pinned messages. Unpin one first.`,
} as const;

/** What a deleted message shows in its place, to everyone. */
export const DELETED_MESSAGE_TEXT = 'This message was deleted';

/** Chat fallbacks, shown by the client when the server gives no message (docs/product-rules.md#errors). */
export const CHAT_FALLBACKS = {
  getConversations: 'Failed to get conversations',
  getOrCreateConversation: 'Failed to get or create conversation',
  getConversationDetails: 'Failed to get conversation details',
  getMessages: 'Failed to get messages',
  sendMessage: 'Failed to send message',
  markRead: 'Failed to mark conversation as read',
  markSeen: 'Failed to mark message as seen',
  initializeConversation: 'Failed to initialize conversation',
  loadMore: 'Failed to load more messages',
  agentNotFound: 'Agent not found',
  socketDisconnected: 'socket has been disconnected',
} as const;

export const ATTACHMENT_MAX_BYTES = 10 * 1024 * 1024;
export const ATTACHMENT_MAX_FILES = 10;

/** Images, PDF, text, zip and office documents. Anything else is refused with 415. */
export const ATTACHMENT_MIME_TYPES = [
  'image/png',
  'image/jpeg',
  'image/gif',
  'image/webp',
  'application/pdf',
  'text/plain',
  'text/csv',
  'text/markdown',
  'application/zip',
  'application/x-zip-compressed',
  'application/msword',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  'application/vnd.ms-excel',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  'application/vnd.ms-powerpoint',
  'application/vnd.openxmlformats-officedocument.presentationml.presentation',
] as const;

/** Shown inline by the browser; every other type is served as a download. */
export const INLINE_IMAGE_MIME_TYPES = ['image/png', 'image/jpeg', 'image/gif', 'image/webp'] as const;
