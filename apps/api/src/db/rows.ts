import type {
  accounts,
  agents,
  attachments,
  conversationParticipants,
  conversations,
  emailOutbox,
  messages,
  replyJobs,
  teamMembers,
  teams,
  toolCalls,
  externalAgents,
  agentTokens,
  webhookDeliveries,
} from './schema';

/** One row type per table, named once: repos return them, presenters shape them. */
export type AgentRow = typeof agents.$inferSelect;
export type AccountRow = typeof accounts.$inferSelect;
export type OutboxRow = typeof emailOutbox.$inferSelect;
export type TeamRow = typeof teams.$inferSelect;
export type MembershipRow = typeof teamMembers.$inferSelect;
export type ConversationRow = typeof conversations.$inferSelect;
export type ParticipantRow = typeof conversationParticipants.$inferSelect;
/** A message as the app reads it (`messageColumns`: the stored search vector left out). */
export type MessageRow = Omit<typeof messages.$inferSelect, 'searchVector'>;
export type AttachmentRow = typeof attachments.$inferSelect;
export type ReplyJobRow = typeof replyJobs.$inferSelect;
export type ToolCallRow = typeof toolCalls.$inferSelect;
export type ExternalAgentRow = typeof externalAgents.$inferSelect;
export type AgentTokenRow = typeof agentTokens.$inferSelect;
export type WebhookDeliveryRow = typeof webhookDeliveries.$inferSelect;

/** A conversation's participant with its agent: the send path's access check and recipients in one. */
export interface ConversationMemberRow {
  conversation: ConversationRow;
  participant: ParticipantRow;
  agent: AgentRow;
  /** Whether this participant may still use the conversation (chat-access's team rule). */
  hasAccess: boolean;
}
