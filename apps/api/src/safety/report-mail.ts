import { PRODUCT_NAME, REPORT_REASON_LABELS, type TReportReason } from '@agentroom/shared';
import type { MailContent } from '../mail/templates';

const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
/** Names typed by users go into a header: no line breaks there. */
const oneLine = (value: string) => value.replace(/[\r\n\t]+/g, ' ').trim();

export interface ReportMailFacts {
  reportId: string;
  reason: TReportReason;
  details: string;
  reporter: string;
  subject: string;
  excerpt: string | null;
}

/** The mail each administrator gets for a new report (plain facts: the admin area comes later). */
export function reportMail(facts: ReportMailFacts): MailContent {
  const reason = REPORT_REASON_LABELS[facts.reason];
  const lines = [
    `${facts.reporter} reported ${facts.subject} on ${PRODUCT_NAME}.`,
    `Reason: ${reason}`,
    ...(facts.details ? [`Details: ${facts.details}`] : []),
    ...(facts.excerpt !== null ? [`Reported message: ${facts.excerpt}`] : []),
    `Report id: ${facts.reportId}`,
  ];
  return {
    subject: oneLine(`Report (${reason}): ${facts.subject} on ${PRODUCT_NAME}`),
    text: `${lines.join('\n\n')}\n\n— ${PRODUCT_NAME}`,
    html: `<!doctype html><html><body style="font-family:system-ui,sans-serif;color:#111;max-width:520px;margin:0 auto;padding:24px">
${lines.map((line) => `<p style="white-space:pre-wrap">${escapeHtml(line)}</p>`).join('\n')}
</body></html>`,
  };
}
