/** Product-wide constants (docs/product-rules.md#limits). Both the API and the web client read them from here. */
export const PRODUCT_NAME = 'Agentroom';
export const PAGE_TITLE_PREFIX = `${PRODUCT_NAME} (beta)`;
export const AUTH_TOKEN_STORAGE_KEY = 'agentroom_auth_token';

export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 256;
export const USERNAME_MAX_LENGTH = 32;
export const NAME_MAX_LENGTH = 64;
export const EMAIL_MAX_LENGTH = 254;

export const MAGIC_LINK_TTL_MS = 15 * 60 * 1000;
/** A link confirming a new email address (sent to that address). */
export const CHANGE_EMAIL_TOKEN_TTL_MS = 24 * 60 * 60 * 1000;
/** A link confirming account deletion, for people without a password. */
export const DELETE_ACCOUNT_TOKEN_TTL_MS = 60 * 60 * 1000;
export const RESET_TOKEN_TTL_MS = 60 * 60 * 1000;
export const VERIFY_TOKEN_TTL_MS = 24 * 60 * 60 * 1000;

export const RESEND_COOLDOWN_S = 60;
export const RESET_REDIRECT_MS = 3000;
export const MAGIC_LINK_REDIRECT_MS = 2000;
export const CACHE_LIFETIME_MS = 5 * 60 * 1000;

export const MESSAGE_PAGE_SIZE = 50;
export const CONVERSATION_PAGE_SIZE = 20;
export const MESSAGE_MAX_LENGTH = 10_000;
export const TYPING_IDLE_MS = 2000;
export const PENDING_MATCH_WINDOW_MS = 5000;
export const MESSAGE_GROUP_WINDOW_MS = 60_000;
export const SEEN_BY_MAX_AVATARS = 3;
export const DRAWER_MAX_AVATARS = 3;

/**
 * A conversation is personal (1:1 outside a team), team-scoped (1:1 inside a team space), a room
 * (a team's named conversation of any number of people and AI agents; decision 0011) or a thread
 * (the replies to one message of a 1:1 or a room, with that conversation's members; decision 0026).
 */
export const CONVERSATION_TYPES = ['personal', 'team-scoped', 'room', 'thread'] as const;
/** The types `POST /chat/conversations/:agentId/start` creates; rooms are created under /teams/:handle/rooms. */
/** Which messages of a conversation notify a member (toast, browser notification, mail). */
export const NOTIFY_LEVELS = ['all', 'mentions', 'none'] as const;
export type TNotifyLevel = (typeof NOTIFY_LEVELS)[number];

export const ONE_TO_ONE_CONVERSATION_TYPES = ['personal', 'team-scoped'] as const;
