import { z } from 'zod';
import { template } from '../i18n/template';
import { ZAgent } from './responses/users';

// Who may reach whom, blocks and reports.

/** Why a 1:1 conversation takes no new messages from the viewer (null: it does). */
export const READ_ONLY_REASONS = ['out-of-reach', 'blocked', 'blocked-you'] as const;
export type TReadOnlyReason = (typeof READ_ONLY_REASONS)[number];

/** The line shown in place of the composer of a read-only 1:1, by reason. */
export const READ_ONLY_LINES: Record<TReadOnlyReason, string> = {
  'out-of-reach': 'You no longer share a team with this person, so this conversation is read-only.',
  blocked: 'You blocked this person. Unblock them to send messages.',
  'blocked-you': 'This person is not accepting messages from you.',
};

/** What the server answers (403) to a send or a start the reach rule refuses. */
export const REACH_ERRORS = {
  outOfReach: 'You no longer share a team with this person, so you cannot message them.',
  blocked: READ_ONLY_LINES.blocked,
  blockedYou: READ_ONLY_LINES['blocked-you'],
  onlyPeople: 'Only people can be blocked',
  selfBlock: 'You cannot block yourself',
  reportSubject: 'Name the message or the person you report',
} as const;

export const REPORT_REASONS = ['spam', 'harassment', 'other'] as const;
export type TReportReason = (typeof REPORT_REASONS)[number];
export const REPORT_REASON_LABELS: Record<TReportReason, string> = {
  spam: 'Spam',
  harassment: 'Harassment',
  other: 'Something else',
};
export const REPORT_DETAILS_MAX_LENGTH = 2000;

/** Texts of the block and report controls (web). */
export const SAFETY_TEXTS = {
  block: 'Block',
  unblock: 'Unblock',
  blockConfirm: template<[name: string]>(
    'Block {{name}}? They will not be able to message you or see when you are online, and you will stop seeing their messages in your conversations with them.',
    'name',
  ),
  blocked: template<[name: string]>('{{name}} is blocked', 'name'),
  unblocked: template<[name: string]>('{{name}} is unblocked', 'name'),
  blockedPeople: 'Blocked people',
  noBlockedPeople: 'You have not blocked anyone.',
  report: 'Report',
  reportMessage: 'Report message',
  reportPerson: template<[name: string]>('Report {{name}}', 'name'),
  reportReason: 'Reason',
  reportDetails: 'Details (optional)',
  reportSend: 'Send report',
  reportSent: 'Thanks. The administrators will look at your report.',
  alsoBlock: template<[name: string]>('Also block {{name}}', 'name'),
  blockedMessage: 'Message from a blocked person',
  showBlockedMessage: 'Show',
} as const;

export const ZBlockParams = z.object({ agentId: z.uuid().meta({ description: 'The person to block or unblock (an agent id).' }) });

export const ZBlocksResponse = z.strictObject({ blocked: z.array(ZAgent) }).meta({ id: 'Blocks' });
export type TBlocksResponse = z.infer<typeof ZBlocksResponse>;
export const ZBlockResponse = z.strictObject({ blocked: z.boolean() });

export const ZCreateReportRequest = z
  .strictObject({
    /** A message the reporter can read; its sender becomes the subject. */
    messageId: z.uuid().optional(),
    /** A person (or AI agent) the reporter may see; ignored when messageId is given. */
    agentId: z.uuid().optional(),
    reason: z.enum(REPORT_REASONS),
    details: z.string().trim().max(REPORT_DETAILS_MAX_LENGTH).optional(),
  })
  .refine((body) => Boolean(body.messageId ?? body.agentId), { message: REACH_ERRORS.reportSubject, path: ['agentId'] });
export type TCreateReportRequest = z.input<typeof ZCreateReportRequest>;
export const ZReportResponse = z.strictObject({ report: z.strictObject({ id: z.uuid(), reason: z.enum(REPORT_REASONS) }) });
