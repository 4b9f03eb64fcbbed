import { PRODUCT_NAME } from '@agentroom/shared';

export interface MailContent {
  subject: string;
  text: string;
  html: string;
  /** Extra headers (List-Unsubscribe on notification mail). */
  headers?: Record<string, string>;
}

const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** One layout for every transactional mail: a heading, a paragraph, one button, the raw link. */
function linkMail(options: { subject: string; greeting: string; body: string; action: string; url: string; footer: string }): MailContent {
  const { subject, greeting, body, action, url, footer } = options;
  const text = `${greeting}\n\n${body}\n\n${action}: ${url}\n\n${footer}\n\n— ${PRODUCT_NAME}`;
  const html = `<!doctype html><html><body style="font-family:system-ui,-apple-system,Segoe UI,sans-serif;color:#111;max-width:520px;margin:0 auto;padding:24px">
<h1 style="font-size:20px">${escapeHtml(PRODUCT_NAME)}</h1>
<p>${escapeHtml(greeting)}</p>
<p>${escapeHtml(body)}</p>
<p><a href="${escapeHtml(url)}" style="display:inline-block;background:#4f46e5;color:#fff;padding:10px 16px;border-radius:8px;text-decoration:none">${escapeHtml(action)}</a></p>
<p style="font-size:13px;color:#555">Or paste this link into your browser:<br><span style="word-break:break-all">${escapeHtml(url)}</span></p>
<p style="font-size:13px;color:#555">${escapeHtml(footer)}</p>
</body></html>`;
  return { subject, text, html };
}

const hello = (name: string) => `Hi ${name},`;

export const verificationMail = (name: string, url: string) =>
  linkMail({
    subject: `Verify your email for ${PRODUCT_NAME}`,
    greeting: hello(name),
    body: `Welcome to ${PRODUCT_NAME}! Confirm your email address to start chatting with your team.`,
    action: 'Verify email',
    url,
    footer: 'This link expires in 24 hours. If you did not create an account, you can ignore this email.',
  });

export const resetMail = (name: string, url: string) =>
  linkMail({
    subject: `Reset your ${PRODUCT_NAME} password`,
    greeting: hello(name),
    body: 'Someone asked to reset the password of your account. Choose a new password with the link below.',
    action: 'Reset password',
    url,
    footer: 'This link expires in 1 hour and works once. If you did not ask for it, you can ignore this email.',
  });

export const magicLinkMail = (name: string, url: string) =>
  linkMail({
    subject: `Your ${PRODUCT_NAME} sign-in link`,
    greeting: hello(name),
    body: 'Use the link below to sign in. No password needed.',
    action: `Sign in to ${PRODUCT_NAME}`,
    url,
    footer: 'This link expires in 15 minutes and works once. If you did not ask for it, you can ignore this email.',
  });

/** Names typed by users go into a header: no line breaks there. */
const oneLine = (value: string) => value.replace(/[\r\n\t]+/g, ' ').trim();

/** Sent to the NEW address: opening the link makes it the account's email. */
export const changeEmailMail = (name: string, url: string) =>
  linkMail({
    subject: `Confirm your new email for ${PRODUCT_NAME}`,
    greeting: hello(name),
    body: `You asked to use this address for your ${PRODUCT_NAME} account. Confirm it with the link below; until then your old address stays.`,
    action: 'Confirm new email',
    url,
    footer: 'This link expires in 24 hours and works once. If you did not ask for it, you can ignore this email.',
  });

/** Sent to the OLD address when a change is asked for; the link leads to a password reset, in case it was not them. */
export const emailChangeNoticeMail = (name: string, newEmail: string, url: string) =>
  linkMail({
    subject: `Your ${PRODUCT_NAME} email is about to change`,
    greeting: hello(name),
    body: `Someone signed in to your account asked to change its email to ${newEmail}. Your address stays until the link sent there is opened.`,
    action: 'Not you? Reset your password',
    url,
    footer: 'If it was you, there is nothing to do here.',
  });

/** For someone who does not know their password: the link confirms deleting the account. */
export const deleteAccountMail = (name: string, url: string) =>
  linkMail({
    subject: `Confirm deleting your ${PRODUCT_NAME} account`,
    greeting: hello(name),
    body: 'You asked to delete your account. Open the link below while signed in to confirm. Your messages stay in conversations, shown as "Deleted user".',
    action: 'Delete my account',
    url,
    footer: 'This link expires in 1 hour and works once. If you did not ask for it, you can ignore this email and change your password.',
  });

export const invitationMail = (inviterName: string, teamName: string, url: string) =>
  linkMail({
    subject: oneLine(`${inviterName} invited you to ${teamName} on ${PRODUCT_NAME}`),
    greeting: 'Hi,',
    body: `${oneLine(inviterName)} invited you to join the team ${oneLine(teamName)} on ${PRODUCT_NAME}. Sign in or create an account with the link below to join.`,
    action: 'Join team',
    url,
    footer: 'This link expires in 7 days and works once. If you did not expect it, you can ignore this email.',
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

const plural = (count: number, word: string) => `${count} ${word}${count === 1 ? '' : 's'}`;

/**
 * "You have unread messages": one mail for every conversation whose messages waited past the
 * person's delay, with the latest lines and a link to each, and a one-click unsubscribe link.
 */
export function unreadMessagesMail(options: {
  name: string;
  conversations: UnreadConversationDigest[];
  /** Conversations left out of the list (it shows the first ones). */
  moreConversations: number;
  appUrl: string;
  delayText: string;
  unsubscribeUrl: string;
}): MailContent {
  const { name, conversations, moreConversations, appUrl, delayText, unsubscribeUrl } = options;
  const total = conversations.length + moreConversations;
  const subject =
    total === 1
      ? oneLine(`New messages from ${conversations[0]!.title} on ${PRODUCT_NAME}`)
      : `New messages in ${total} conversations on ${PRODUCT_NAME}`;
  const earlier = (c: UnreadConversationDigest) => c.unreadCount - c.lines.length;
  const why = `You get this email because messages waited unread for ${delayText}. Change the delay or turn these emails off under Notifications in ${PRODUCT_NAME}.`;

  const textBlocks = conversations.map((c) =>
    [
      `${oneLine(c.title)} — ${plural(c.unreadCount, 'unread message')}`,
      ...(earlier(c) > 0 ? [`  (${plural(earlier(c), 'earlier message')} not shown)`] : []),
      ...c.lines.map((line) => `  ${oneLine(line.sender)}: ${line.text}`),
      `Open the conversation: ${c.url}`,
    ].join('\n'),
  );
  if (moreConversations > 0) textBlocks.push(`…and ${plural(moreConversations, 'more conversation')}: ${appUrl}/`);
  const text = `${hello(oneLine(name))}\n\nYou have unread messages on ${PRODUCT_NAME}.\n\n${textBlocks.join('\n\n')}\n\n${why}\nUnsubscribe from these emails: ${unsubscribeUrl}\n\n— ${PRODUCT_NAME}`;

  const muted = 'font-size:13px;color:#555';
  const htmlBlocks = conversations
    .map(
      (c) => `<div style="border:1px solid #e4e4e7;border-radius:12px;padding:12px 16px;margin:12px 0">
<p style="margin:0 0 8px"><strong>${escapeHtml(c.title)}</strong> <span style="${muted}">· ${escapeHtml(plural(c.unreadCount, 'unread message'))}</span></p>
${earlier(c) > 0 ? `<p style="margin:0 0 6px;${muted}">${escapeHtml(plural(earlier(c), 'earlier message'))} not shown</p>` : ''}
${c.lines.map((line) => `<p style="margin:0 0 6px"><span style="color:#555">${escapeHtml(line.sender)}:</span> ${escapeHtml(line.text)}</p>`).join('\n')}
<p style="margin:8px 0 0"><a href="${escapeHtml(c.url)}" style="color:#4f46e5">Open the conversation</a></p>
</div>`,
    )
    .join('\n');
  const more =
    moreConversations > 0 ? `<p><a href="${escapeHtml(`${appUrl}/`)}" style="color:#4f46e5">…and ${escapeHtml(plural(moreConversations, 'more conversation'))}</a></p>` : '';
  const html = `<!doctype html><html><body style="font-family:system-ui,-apple-system,Segoe UI,sans-serif;color:#111;max-width:520px;margin:0 auto;padding:24px">
<h1 style="font-size:20px">${escapeHtml(PRODUCT_NAME)}</h1>
<p>${escapeHtml(hello(oneLine(name)))}</p>
<p>You have unread messages on ${escapeHtml(PRODUCT_NAME)}.</p>
${htmlBlocks}
${more}
<p style="${muted}">${escapeHtml(why)}</p>
<p style="${muted}"><a href="${escapeHtml(unsubscribeUrl)}" style="color:#555">Unsubscribe from these emails</a></p>
</body></html>`;
  return { subject, text, html };
}
