import { PRODUCT_NAME } from '@agentroom/shared';

export interface MailContent {
  subject: string;
  text: string;
  html: string;
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

export const invitationMail = (inviterName: string, teamName: string, url: string) =>
  linkMail({
    subject: oneLine(`${inviterName} invited you to ${teamName} on ${PRODUCT_NAME}`),
    greeting: 'Hi,',
    body: `${oneLine(inviterName)} invited you to join the team ${oneLine(teamName)} on ${PRODUCT_NAME}. Sign in or create an account with the link below to join.`,
    action: 'Join team',
    url,
    footer: 'This link expires in 7 days and works once. If you did not expect it, you can ignore this email.',
  });
