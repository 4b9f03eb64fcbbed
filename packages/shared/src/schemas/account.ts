import { z } from 'zod';
import { LANGUAGES } from '../i18n/languages';
import { safeString } from './text';
import { EMAIL_MAX_LENGTH, NAME_MAX_LENGTH, PASSWORD_MAX_LENGTH } from '../constants';
import { ACCOUNT_TEXTS, VALIDATION } from '../messages';
import { passwordIssues } from './auth';

/** Your account: profile, email, password, sessions and deletion. */

const name = safeString().trim().max(NAME_MAX_LENGTH, { error: `Must be at most ${NAME_MAX_LENGTH} characters` });
const password = (requiredMessage: string) =>
  safeString({ error: requiredMessage }).min(1, { error: requiredMessage }).max(PASSWORD_MAX_LENGTH);

/** PATCH /users/me: only the fields sent change. */
export const ZUpdateProfileRequest = z
  .object({
    firstName: name.optional(),
    middleName: name.optional(),
    lastName: name.optional(),
    role: name.optional(),
    /** The app's and mail's language; null goes back to following the browser. */
    locale: z.enum(LANGUAGES, { error: 'Unknown language' }).nullable().optional(),
  })
  .refine((v) => Object.values(v).some((value) => value !== undefined), { error: ACCOUNT_TEXTS.nothingToChange });
export type TUpdateProfileRequest = z.infer<typeof ZUpdateProfileRequest>;

/** POST /users/me/email: the current password proves it is you; the link goes to the new address. */
export const ZChangeEmailRequest = z.object({
  newEmail: safeString({ error: VALIDATION.emailRequired })
    .trim()
    .toLowerCase()
    .min(1, { error: VALIDATION.emailRequired })
    .max(EMAIL_MAX_LENGTH)
    .refine((value) => z.email().safeParse(value).success, { error: VALIDATION.emailInvalid }),
  currentPassword: password(ACCOUNT_TEXTS.currentPasswordRequired),
});
export type TChangeEmailRequest = z.infer<typeof ZChangeEmailRequest>;

export const ZConfirmEmailChangeRequest = z.object({
  token: safeString({ error: ACCOUNT_TEXTS.emailChangeLinkInvalid }).trim().min(1, { error: ACCOUNT_TEXTS.emailChangeLinkInvalid }).max(256),
});

/** PUT /users/me/password */
export const ZChangePasswordRequest = z
  .object({
    currentPassword: password(ACCOUNT_TEXTS.currentPasswordRequired),
    newPassword: password(VALIDATION.passwordRequired),
  })
  .superRefine((values, ctx) => {
    for (const issue of passwordIssues(values.newPassword, 'newPassword')) ctx.addIssue({ code: 'custom', ...issue, path: [issue.path] });
  });
export type TChangePasswordRequest = z.infer<typeof ZChangePasswordRequest>;

/** The password form: the same rules plus the confirmation. */
export const ZChangePasswordForm = z
  .object({ currentPassword: safeString(), newPassword: safeString(), confirmPassword: safeString() })
  .superRefine((values, ctx) => {
    if (!values.currentPassword) ctx.addIssue({ code: 'custom', path: ['currentPassword'], message: ACCOUNT_TEXTS.currentPasswordRequired });
    if (values.newPassword !== values.confirmPassword)
      ctx.addIssue({ code: 'custom', path: ['confirmPassword'], message: VALIDATION.passwordsDoNotMatch });
    for (const issue of passwordIssues(values.newPassword, 'newPassword')) ctx.addIssue({ code: 'custom', ...issue, path: [issue.path] });
  });
export type TChangePasswordForm = z.input<typeof ZChangePasswordForm>;

/** POST /users/me/delete: the password, or the token of the mailed link (for whoever does not know it). */
export const ZDeleteAccountRequest = z
  .object({ password: safeString().max(PASSWORD_MAX_LENGTH).optional(), token: safeString().trim().max(256).optional() })
  .refine((v) => Boolean(v.password || v.token), { error: ACCOUNT_TEXTS.deletePasswordRequired, path: ['password'] });
export type TDeleteAccountRequest = z.infer<typeof ZDeleteAccountRequest>;

export const ZSessionParams = z.object({ id: z.uuid({ error: ACCOUNT_TEXTS.sessionNotFound }) });
