import { defineText, pluralKey, template } from './i18n/template';
/** Every user-facing text the server and client share, word for word as the product shows them. */
export const VALIDATION = {
  passwordsDoNotMatch: 'Passwords do not match',
  passwordTooShort: 'Password must be at least 8 characters long',
  passwordComplexity:
    'Password must contain at least one lowercase letter, one uppercase letter, and one number',
  usernameCharacters: 'Username can only contain letters, numbers, underscores, and hyphens',
  usernameRequired: 'Username is required',
  emailRequired: 'Email is required',
  emailInvalid: 'Please enter a valid email address',
  passwordRequired: 'Password is required',
  confirmPasswordRequired: 'Please confirm your password',
  magicLinkIdentifierRequired: 'Please enter your email address',
  noVerificationToken: 'No verification token provided',
  noMagicLinkToken: 'No magic link token provided',
  invalidResetLink: 'Invalid reset link',
  noNulCharacters: 'Must not contain NUL characters',
} as const;

export const AUTH_ERRORS = {
  loginFailed: 'Login failed',
  sendMagicLinkFailed: 'Failed to send magic link',
  registrationFailed: 'Registration failed',
  emailVerificationFailed: 'Email verification failed',
  resendVerificationFailed: 'Failed to resend verification email',
  loginToResend: 'Please log in to resend verification email',
  sendResetFailed: 'Failed to send reset email',
  passwordResetFailed: 'Password reset failed',
  invalidResetLinkLong: 'Invalid reset link. Please request a new password reset.',
  resetLinkExpired: 'Reset link has expired. Please request a new password reset.',
  magicLinkExpired: 'Magic link has expired. Please request a new one.',
  magicLinkFailed: 'Magic link verification failed',
  verificationLinkExpired: 'Verification link has expired. Please request a new one.',
  invalidCredentials: 'Invalid username/email or password',
  invalidToken: 'This link is invalid or has already been used.',
  verificationLinkAlreadyUsed: 'This email address is already verified. You can sign in.',
  verificationLinkReplaced: 'A newer verification link was sent. Please use the link in the latest email.',
  authRequired: 'Authentication required',
  sessionExpired: 'Your session has expired. Please sign in again.',
  emailNotVerified: 'Please verify your email address first',
  usernameTaken: 'Username is already taken',
  emailTaken: 'An account with this email already exists',
  alreadyVerified: 'Email is already verified',
  accountLocked: 'Too many failed sign-in attempts. Try again later, or sign in with a magic link or reset your password.',
  verificationCooldown: 'A verification email was just sent. Please wait before asking for another.',
  passwordSignInOff: 'Password sign-in is turned off here. Continue with your company account.',
  ssoLinkNeedsSignIn: 'Sign in to this account with its password or a magic link to link it.',
  ssoLinkExpired: 'This sign-in is no longer waiting to be linked. Please continue with your company account again.',
  ssoLinkOtherAccount: 'This sign-in belongs to a different account. Sign in to the account with that email address to link it.',
} as const;

/** Your account: profile, email, password, sessions and deletion. */
export const ACCOUNT_TEXTS = {
  nothingToChange: 'Nothing to change',
  currentPasswordRequired: 'Please enter your current password',
  wrongPassword: 'Your current password is not right',
  sameEmail: 'This is already your email address',
  emailChangeSent: template<[email: string]>('We sent a confirmation link to {{email}}. Your address changes once you open it.', 'email'),
  emailChangeLinkInvalid: 'This email change link is invalid or has already been used.',
  emailChangeLinkExpired: 'This email change link has expired. Please ask for a new one.',
  emailChanged: 'Your email address was changed.',
  passwordChanged: 'Your password was changed. Every other session was signed out.',
  sessionNotFound: 'Session not found',
  unknownDevice: 'Unknown device',
  deletePasswordRequired: 'Please enter your password, or ask for a confirmation link by email',
  deleteLinkInvalid: 'This account deletion link is invalid or has already been used.',
  deleteLinkExpired: 'This account deletion link has expired. Please ask for a new one.',
  /** The teams the person owns alone: each needs another owner, or to be deleted, first. */
  soleOwnerOf: defineText<[teams: string[]]>(
    [pluralKey('You are the only owner of {{teams}}. Make someone else an owner or delete those teams first.', 'You are the only owner of {{teams}}. Make someone else an owner or delete that team first.')],
    (translate, teams) =>
      translate('You are the only owner of {{teams}}. Make someone else an owner or delete those teams first.', { teams: teams.join(', '), count: teams.length }),
  ),
  deletedUser: 'Deleted user',
  deletedAccountNote: 'This account was deleted. Its messages stay in the conversation.',
} as const;

export const TEAM_ERRORS = {
  notFound: 'Team not found',
  accessDenied: 'Access denied: You are not a member of this team',
  authRequired: 'Authentication required',
  agentNotFound: 'Agent not found',
} as const;

export const GENERIC_ERRORS = {
  network: 'Network error',
  rateLimited: 'Too many requests. Please try again later.',
  notFound: 'Not found',
  internal: 'Something went wrong. Please try again.',
  invalidJson: 'Request body is not valid JSON',
  payloadTooLarge: 'Request body is too large',
  validation: 'Please check the highlighted fields',
} as const;

/**
 * An AI agent with no language model. Everyone sees the friendly line (stored as the
 * notice's text, and shown for every `no_model` notice, old ones included); the set-up hint is for
 * the owners of the agent's team only (and the server log), never every user.
 */
export const NO_MODEL_NOTICE_CODE = 'no_model';
export const noModelNotice = template<[agentName: string]>("{{agentName}} isn't connected to a language model yet", 'agentName');
export const NO_MODEL_SETUP_HINT =
  'Only owners of this team see this: set LLM_BASE_URL to an OpenAI-compatible server (or run Ollama locally), then try again.';
