/**
 * What a push notification says (decision 0027), in its recipient's language. Without previews the
 * body is one of the generic lines, so the push service and a locked screen never see what was written.
 */
export const PUSH_TEXTS = {
  newMessage: 'New message',
  mentionedYou: 'Mentioned you',
  approvalWaiting: 'An agent is waiting for your approval',
  approvalNeeded: 'Approval needed',
  sentAttachment: 'Sent an attachment',
  /** A room's (or a room thread's) mention: "Maya Patel in #general". */
  inRoom: '{{name}} in #{{room}}',
} as const;
