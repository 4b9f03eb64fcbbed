import { z } from 'zod';
import { safeString } from './text';
import {
  EMAIL_MAX_LENGTH,
  NAME_MAX_LENGTH,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  USERNAME_MAX_LENGTH,
} from '../constants';
import { VALIDATION } from '../messages';
import { isSafeNextPath, NEXT_PATH_MAX_LENGTH } from '../validation';

const USERNAME_PATTERN = /^[A-Za-z0-9_-]+$/;
const COMPLEXITY_PATTERNS = [/[a-z]/, /[A-Z]/, /[0-9]/];
const isEmail = (value: string) => z.email().safeParse(value).success;

const optionalName = safeString().trim().max(NAME_MAX_LENGTH).optional().default('');
const text = (max: number, requiredMessage: string) =>
  safeString({ error: requiredMessage }).max(max, { error: `Must be at most ${max} characters` });

type Issue = { path: string; message: string };

/** The password's length and complexity rules, in that order; shared by registration and reset. */
export function passwordIssues(password: string, path: string): Issue[] {
  if (password.length < PASSWORD_MIN_LENGTH) return [{ path, message: VALIDATION.passwordTooShort }];
  if (!COMPLEXITY_PATTERNS.every((pattern) => pattern.test(password)))
    return [{ path, message: VALIDATION.passwordComplexity }];
  return [];
}

/**
 * The registration rules in the order they are checked (docs/product-rules.md#accounts): passwords match, length, complexity,
 * username characters; then the required fields and the email shape. The first issue is what a
 * form shows first, so order matters and is tested.
 */
export function registrationIssues(values: {
  username: string;
  email: string;
  password: string;
  confirmPassword?: string;
}): Issue[] {
  const issues: Issue[] = [];
  if (values.confirmPassword !== undefined && values.password !== values.confirmPassword)
    issues.push({ path: 'confirmPassword', message: VALIDATION.passwordsDoNotMatch });
  issues.push(...passwordIssues(values.password, 'password'));
  const username = values.username.trim();
  if (username && !USERNAME_PATTERN.test(username))
    issues.push({ path: 'username', message: VALIDATION.usernameCharacters });
  if (!username) issues.push({ path: 'username', message: VALIDATION.usernameRequired });
  const email = values.email.trim();
  if (!email) issues.push({ path: 'email', message: VALIDATION.emailRequired });
  else if (!isEmail(email)) issues.push({ path: 'email', message: VALIDATION.emailInvalid });
  if (values.confirmPassword === '') issues.push({ path: 'confirmPassword', message: VALIDATION.confirmPasswordRequired });
  return issues;
}

export const NEXT_PATH_MESSAGE = 'next must be a path in this app';
/** An optional `next` in a request: mailed links carry it back to the app. */
export const ZNextPath = safeString().max(NEXT_PATH_MAX_LENGTH, { error: NEXT_PATH_MESSAGE }).refine(isSafeNextPath, { error: NEXT_PATH_MESSAGE });

const registerFields = {
  firstName: optionalName,
  lastName: optionalName,
  username: text(USERNAME_MAX_LENGTH, VALIDATION.usernameRequired).transform((v) => v.trim()),
  email: text(EMAIL_MAX_LENGTH, VALIDATION.emailRequired).transform((v) => v.trim().toLowerCase()),
  password: text(PASSWORD_MAX_LENGTH, VALIDATION.passwordRequired),
  /** Where the verification mail's link returns to after verifying (e.g. the invitation being answered). */
  next: ZNextPath.optional(),
};

/** What the API receives (no confirmation field: matching is the form's check). */
export const ZRegisterRequest = z.object(registerFields).superRefine((values, ctx) => {
  for (const issue of registrationIssues(values)) ctx.addIssue({ code: 'custom', ...issue, path: [issue.path] });
});
export type TRegisterRequest = z.infer<typeof ZRegisterRequest>;

/** What the register form validates: the same rules plus the confirmation. */
export const ZRegisterForm = z
  .object({ ...registerFields, confirmPassword: text(PASSWORD_MAX_LENGTH, VALIDATION.confirmPasswordRequired) })
  .superRefine((values, ctx) => {
    for (const issue of registrationIssues(values)) ctx.addIssue({ code: 'custom', ...issue, path: [issue.path] });
  });
export type TRegisterForm = z.input<typeof ZRegisterForm>;

/** Login by username or email: the form's one field may arrive as `username`, `email` or `identifier`. */
export const ZLoginRequest = z
  .object({
    username: safeString().max(EMAIL_MAX_LENGTH).optional(),
    email: safeString().max(EMAIL_MAX_LENGTH).optional(),
    identifier: safeString().max(EMAIL_MAX_LENGTH).optional(),
    password: text(PASSWORD_MAX_LENGTH, VALIDATION.passwordRequired).min(1, { error: VALIDATION.passwordRequired }),
  })
  .transform(({ username, email, identifier, password }) => ({
    identifier: (identifier ?? username ?? email ?? '').trim(),
    password,
  }))
  .refine((v) => v.identifier.length > 0, {
    error: 'Please enter your username or email',
    path: ['username'],
  });
export type TLoginRequest = z.input<typeof ZLoginRequest>;

const token = (missingMessage: string) =>
  safeString({ error: missingMessage }).trim().min(1, { error: missingMessage }).max(256, { error: missingMessage });

export const ZVerifyEmailRequest = z.object({ token: token(VALIDATION.noVerificationToken) });
export const ZVerifyMagicLinkRequest = z.object({ token: token(VALIDATION.noMagicLinkToken) });
/** Asks whether a reset link still works, without spending it (the page says so before any typing). */
export const ZCheckResetLinkRequest = z.object({ token: token(VALIDATION.invalidResetLink) });

export const ZSendResetRequest = z.object({
  email: safeString({ error: VALIDATION.emailRequired })
    .trim()
    .toLowerCase()
    .min(1, { error: VALIDATION.emailRequired })
    .max(EMAIL_MAX_LENGTH)
    .refine(isEmail, { error: VALIDATION.emailInvalid }),
});

/** A magic link may be asked for by email or username; blank gets its own message. */
export const ZSendMagicLinkRequest = z.object({
  email: safeString({ error: VALIDATION.magicLinkIdentifierRequired })
    .trim()
    .min(1, { error: VALIDATION.magicLinkIdentifierRequired })
    .max(EMAIL_MAX_LENGTH),
  /** Where the mailed sign-in link leads once signed in. */
  next: ZNextPath.optional(),
});

/** Resending the verification mail may say where its link returns to, as registering does. */
export const ZSendVerificationRequest = z.object({ next: ZNextPath.optional() });

export const ZResetPasswordRequest = z
  .object({
    token: token(VALIDATION.invalidResetLink),
    newPassword: text(PASSWORD_MAX_LENGTH, VALIDATION.passwordRequired),
  })
  .superRefine((values, ctx) => {
    for (const issue of passwordIssues(values.newPassword, 'newPassword'))
      ctx.addIssue({ code: 'custom', ...issue, path: [issue.path] });
  });

/** The reset form: new password + confirmation with the registration's match/length/complexity order. */
export const ZResetPasswordForm = z
  .object({ password: safeString(), confirmPassword: safeString() })
  .superRefine((values, ctx) => {
    const issues: Issue[] = [];
    if (values.password !== values.confirmPassword)
      issues.push({ path: 'confirmPassword', message: VALIDATION.passwordsDoNotMatch });
    issues.push(...passwordIssues(values.password, 'password'));
    for (const issue of issues) ctx.addIssue({ code: 'custom', ...issue, path: [issue.path] });
  });
