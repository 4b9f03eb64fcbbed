/**
 * Everything the AI domain uses of chat, in one place: the access checks, storing a message (an AI
 * reply, a notice) in the caller's transaction, who is in a conversation, and how chat presents an
 * agent. No other AI module imports chat, so a change of chat's names touches this file only.
 */
export { assertConversationParticipant, assertMessageParticipant } from '../chat/chat-access';
export { presentReactionAgent, presentSeenAgent } from '../chat/chat-presenters';
export { findAgent, findAgentsByIds, findParticipants } from '../chat/chat-repo';
export { publishRewritten, resolveSendTarget, rewriteMessage, writeMessage, type SendTarget, type WrittenMessage } from '../chat/message-service';
export { markMessageSeen } from '../chat/read-service';
// What an AI reply read: the files of its history, and its context presented as chat presents messages.
export { findAttachmentsOf } from '../chat/chat-repo';
export { presentMessageRows } from '../chat/chat-views';
// Agents that act: the built-in tools read as the person who asked (search, the team's member list).
export { searchMessages } from '../chat/search-service';
export { findTeamsByIds } from '../chat/chat-repo';
export { listTeamAgents } from '../teams/teams-service';
// Threads (decision 0026) follow their parent's rules: who answers, turn limits, managers, the room's setting.
export { isThread, rulingConversation } from '../chat/thread-parent';
export { findConversationsByIds } from '../chat/search-repo';
