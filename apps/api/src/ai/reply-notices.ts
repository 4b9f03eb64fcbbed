/** What the chat shows when an AI agent cannot answer; each code is stable for the client. */
export const REPLY_NOTICES = {
  no_model:
    'This agent has no model configured, so it cannot answer yet. Set LLM_BASE_URL (or run Ollama locally) and try again.',
  budget_exhausted: "This team has used today's AI token budget. Replies resume tomorrow (UTC).",
  rate_limited: 'The model provider is rate limiting requests right now. Try again in a moment.',
  timeout: 'The model took too long to answer. Try again.',
  provider_error: 'The model provider returned an error. Try again.',
  unavailable: 'The model provider could not be reached. Try again.',
  interrupted: 'This reply was interrupted (the server restarted) and could not be finished. Try again.',
} as const;
export type TReplyNoticeCode = keyof typeof REPLY_NOTICES;

