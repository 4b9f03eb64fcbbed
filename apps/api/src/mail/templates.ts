import { MAIL_TEXTS, PRODUCT_NAME } from '@agentroom/shared';
import type { Translator } from '../core/translate';

export interface MailContent {
  subject: string;
  text: string;
  html: string;
  /** Extra headers (List-Unsubscribe on notification mail). */
  headers?: Record<string, string>;
}

const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** The page around a mail's HTML, in the recipient's language and direction. */
const htmlPage = (tr: Translator, body: string) =>
  `<!doctype html><html lang="${tr.language}" dir="${tr.dir}"><body style="font-family:system-ui,-apple-system,Segoe UI,sans-serif;color:#111;max-width:520px;margin:0 auto;padding:24px">
<h1 style="font-size:20px">${escapeHtml(PRODUCT_NAME)}</h1>
${body}
</body></html>`;

/** The texts of one transactional mail, keys of `MAIL_TEXTS`. */
interface LinkMailTexts {
  subject: string;
  body: string;
  action: string;
  footer: string;
}

/** One layout for every transactional mail: a heading, a paragraph, one button, the raw link. */
function linkMail(tr: Translator, options: { greeting: string; url: string; texts: LinkMailTexts; subject?: string; body?: string }): MailContent {
  const { t } = tr;
  const { greeting, url, texts } = options;
  const subject = options.subject ?? t(texts.subject);
  const body = options.body ?? t(texts.body);
  const action = t(texts.action);
  const footer = t(texts.footer);
  const text = `${greeting}\n\n${body}\n\n${action}: ${url}\n\n${footer}\n\n— ${PRODUCT_NAME}`;
  const html = htmlPage(
    tr,
    `<p>${escapeHtml(greeting)}</p>
<p>${escapeHtml(body)}</p>
<p><a href="${escapeHtml(url)}" style="display:inline-block;background:#4f46e5;color:#fff;padding:10px 16px;border-radius:8px;text-decoration:none">${escapeHtml(action)}</a></p>
<p style="font-size:13px;color:#555">${escapeHtml(t(MAIL_TEXTS.pasteLink))}<br><span style="word-break:break-all">${escapeHtml(url)}</span></p>
<p style="font-size:13px;color:#555">${escapeHtml(footer)}</p>`,
  );
  return { subject, text, html };
}

const hello = (tr: Translator, name: string) => MAIL_TEXTS.hello.resolve(tr.t, name);

export const verificationMail = (tr: Translator, name: string, url: string) => linkMail(tr, { greeting: hello(tr, name), url, texts: MAIL_TEXTS.verify });

export const resetMail = (tr: Translator, name: string, url: string) => linkMail(tr, { greeting: hello(tr, name), url, texts: MAIL_TEXTS.reset });

export const magicLinkMail = (tr: Translator, name: string, url: string) => linkMail(tr, { greeting: hello(tr, name), url, texts: MAIL_TEXTS.magicLink });

/** Names typed by users go into a header: no line breaks there. */
const oneLine = (value: string) => value.replace(/[\r\n\t]+/g, ' ').trim();

/** Sent to the NEW address: opening the link makes it the account's email. */
export const changeEmailMail = (tr: Translator, name: string, url: string) => linkMail(tr, { greeting: hello(tr, name), url, texts: MAIL_TEXTS.changeEmail });

/** Sent to the OLD address when a change is asked for; the link leads to a password reset, in case it was not them. */
export const emailChangeNoticeMail = (tr: Translator, name: string, newEmail: string, url: string) =>
  linkMail(tr, {
    greeting: hello(tr, name),
    url,
    texts: { ...MAIL_TEXTS.emailChangeNotice, body: '' },
    body: MAIL_TEXTS.emailChangeNotice.body.resolve(tr.t, newEmail),
  });

/** For someone who does not know their password: the link confirms deleting the account. */
export const deleteAccountMail = (tr: Translator, name: string, url: string) => linkMail(tr, { greeting: hello(tr, name), url, texts: MAIL_TEXTS.deleteAccount });

/** A data export (decision 0028) is ready: the link leads to the page it is downloaded from (team exports name their team). */
export const exportReadyMail = (tr: Translator, name: string, url: string, teamName?: string) =>
  linkMail(tr, {
    greeting: hello(tr, name),
    url,
    texts: { ...MAIL_TEXTS.exportReady, body: MAIL_TEXTS.exportReady.body },
    body: teamName === undefined ? undefined : MAIL_TEXTS.exportReady.teamBody.resolve(tr.t, oneLine(teamName)),
  });

/** The invitee may have no account yet: the mail goes out in the inviter's language. */
export const invitationMail = (tr: Translator, inviterName: string, teamName: string, url: string) =>
  linkMail(tr, {
    greeting: tr.t(MAIL_TEXTS.helloNoName),
    url,
    texts: { ...MAIL_TEXTS.invitation, subject: '', body: '' },
    subject: oneLine(MAIL_TEXTS.invitation.subject.resolve(tr.t, inviterName, teamName)),
    body: MAIL_TEXTS.invitation.body.resolve(tr.t, oneLine(inviterName), oneLine(teamName)),
  });

/** One conversation in the unread-messages mail: who, where it opens, and its newest unread lines. */
export interface UnreadConversationDigest {
  /** The other participant's name (and the team, for a team conversation). */
  title: string;
  url: string;
  unreadCount: number;
  /** The newest unread lines, oldest first, as short plain text. */
  lines: { sender: string; text: string }[];
}

/**
 * "You have unread messages": one mail for every conversation whose messages waited past the
 * person's delay, with the latest lines and a link to each, and a one-click unsubscribe link.
 */
export function unreadMessagesMail(tr: Translator, options: {
  name: string;
  conversations: UnreadConversationDigest[];
  /** Conversations left out of the list (it shows the first ones). */
  moreConversations: number;
  appUrl: string;
  /** The person's delay in minutes ("messages waited unread for 15 minutes"). */
  delayMinutes: number;
  unsubscribeUrl: string;
}): MailContent {
  const { t } = tr;
  const texts = MAIL_TEXTS.unread;
  const { name, conversations, moreConversations, appUrl, delayMinutes, unsubscribeUrl } = options;
  const total = conversations.length + moreConversations;
  const subject = total === 1 ? oneLine(texts.subjectOne.resolve(t, conversations[0]!.title)) : texts.subjectMany.resolve(t, total);
  const earlier = (c: UnreadConversationDigest) => c.unreadCount - c.lines.length;
  const unreadCount = (c: UnreadConversationDigest) => texts.unreadCount.resolve(t, c.unreadCount);
  const notShown = (c: UnreadConversationDigest) => texts.earlierNotShown.resolve(t, earlier(c));
  const more = texts.more.resolve(t, moreConversations);
  const why = texts.why.resolve(t, texts.delay.resolve(t, delayMinutes));
  const greeting = hello(tr, oneLine(name));

  const textBlocks = conversations.map((c) =>
    [
      `${oneLine(c.title)} — ${unreadCount(c)}`,
      ...(earlier(c) > 0 ? [`  (${notShown(c)})`] : []),
      ...c.lines.map((line) => `  ${oneLine(line.sender)}: ${line.text}`),
      `${t(texts.open)}: ${c.url}`,
    ].join('\n'),
  );
  if (moreConversations > 0) textBlocks.push(`${more}: ${appUrl}/`);
  const text = `${greeting}\n\n${t(texts.intro)}\n\n${textBlocks.join('\n\n')}\n\n${why}\n${t(texts.unsubscribe)}: ${unsubscribeUrl}\n\n— ${PRODUCT_NAME}`;

  const muted = 'font-size:13px;color:#555';
  const htmlBlocks = conversations
    .map(
      (c) => `<div style="border:1px solid #e4e4e7;border-radius:12px;padding:12px 16px;margin:12px 0">
<p style="margin:0 0 8px"><strong>${escapeHtml(c.title)}</strong> <span style="${muted}">· ${escapeHtml(unreadCount(c))}</span></p>
${earlier(c) > 0 ? `<p style="margin:0 0 6px;${muted}">${escapeHtml(notShown(c))}</p>` : ''}
${c.lines.map((line) => `<p style="margin:0 0 6px"><span style="color:#555">${escapeHtml(line.sender)}:</span> ${escapeHtml(line.text)}</p>`).join('\n')}
<p style="margin:8px 0 0"><a href="${escapeHtml(c.url)}" style="color:#4f46e5">${escapeHtml(t(texts.open))}</a></p>
</div>`,
    )
    .join('\n');
  const moreLink =
    moreConversations > 0 ? `<p><a href="${escapeHtml(`${appUrl}/`)}" style="color:#4f46e5">${escapeHtml(more)}</a></p>` : '';
  const html = htmlPage(
    tr,
    `<p>${escapeHtml(greeting)}</p>
<p>${escapeHtml(t(texts.intro))}</p>
${htmlBlocks}
${moreLink}
<p style="${muted}">${escapeHtml(why)}</p>
<p style="${muted}"><a href="${escapeHtml(unsubscribeUrl)}" style="color:#555">${escapeHtml(t(texts.unsubscribe))}</a></p>`,
  );
  return { subject, text, html };
}
