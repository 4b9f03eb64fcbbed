import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { VALIDATION } from '../messages';
import { isSafeNextPath, stripAt } from '../validation';
import { ZRegisterForm, ZRegisterRequest, ZResetPasswordForm } from './auth';

const valid = { firstName: 'Ada', lastName: '', username: 'ada_l', email: 'ada@example.com', password: 'Passw0rdOk', confirmPassword: 'Passw0rdOk' };
const firstMessage = (input: object) => {
  const result = ZRegisterForm.safeParse(input);
  return result.success ? undefined : result.error.issues[0]?.message;
};

describe('registration rules, in their order', () => {
  it('accepts a valid form and lower-cases the email', () => {
    const parsed = ZRegisterForm.parse({ ...valid, email: ' Ada@Example.COM ' });
    expect(parsed.email).toBe('ada@example.com');
  });

  it('reports mismatch, then length, then complexity, then username characters', () => {
    const allWrong = { ...valid, username: 'bad name', password: 'abc', confirmPassword: 'abd' };
    expect(firstMessage(allWrong)).toBe(VALIDATION.passwordsDoNotMatch);
    expect(firstMessage({ ...allWrong, confirmPassword: 'abc' })).toBe(VALIDATION.passwordTooShort);
    expect(firstMessage({ ...allWrong, password: 'abcdefgh', confirmPassword: 'abcdefgh' })).toBe(VALIDATION.passwordComplexity);
    expect(firstMessage({ ...allWrong, password: 'Abcdefg1', confirmPassword: 'Abcdefg1' })).toBe(VALIDATION.usernameCharacters);
  });

  it('requires username and email; names are optional', () => {
    expect(firstMessage({ ...valid, username: '  ' })).toBe(VALIDATION.usernameRequired);
    expect(firstMessage({ ...valid, email: '' })).toBe(VALIDATION.emailRequired);
    expect(firstMessage({ ...valid, email: 'not-an-email' })).toBe(VALIDATION.emailInvalid);
    expect(ZRegisterForm.safeParse({ ...valid, firstName: undefined, lastName: undefined }).success).toBe(true);
  });

  it('the API schema applies the same rules without the confirmation', () => {
    const { confirmPassword: _c, ...request } = valid;
    expect(ZRegisterRequest.safeParse(request).success).toBe(true);
    const weak = ZRegisterRequest.safeParse({ ...request, password: 'short' });
    expect(weak.success ? undefined : weak.error.issues[0]?.message).toBe(VALIDATION.passwordTooShort);
  });

  it('any username of letters, digits, _ and - passes the character rule; any other character fails it', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^[A-Za-z0-9_-]{1,32}$/), (username) => {
        expect(ZRegisterForm.safeParse({ ...valid, username }).success).toBe(true);
      }),
    );
    fc.assert(
      fc.property(fc.stringMatching(/^[a-z]{1,10}[^A-Za-z0-9_\s-][a-z]{0,10}$/), (username) => {
        expect(firstMessage({ ...valid, username })).toBe(VALIDATION.usernameCharacters);
      }),
    );
  });
});

describe('reset form and helpers', () => {
  it('checks match before length', () => {
    const result = ZResetPasswordForm.safeParse({ password: 'a', confirmPassword: 'b' });
    expect(result.success ? undefined : result.error.issues.map((i) => i.message)).toEqual([
      VALIDATION.passwordsDoNotMatch,
      VALIDATION.passwordTooShort,
    ]);
  });

  it('strips one leading @', () => {
    expect(stripAt('@ada')).toBe('ada');
    expect(stripAt(' ada ')).toBe('ada');
  });
});

describe('isSafeNextPath (the return path of sign-in, register and mailed links)', () => {
  it.each(['/invite?token=abc_DEF-123', '/t/demo', '/p/@ada', '/t/demo/p/@ada#top', '/'])('accepts %s', (path) => {
    expect(isSafeNextPath(path)).toBe(true);
  });

  it.each([
    'https://evil.example/',
    '//evil.example',
    '/\\evil.example',
    '\\\\evil.example',
    'javascript:alert(1)',
    'invite?token=a',
    '/auth/login',
    '/auth',
    '/API/v1/users/me',
    '/invite?token=a b',
    '/invite\t',
    '/inv\u0000ite',
    '',
    `/${'a'.repeat(600)}`,
    42,
    undefined,
  ])('refuses %j', (path) => {
    expect(isSafeNextPath(path)).toBe(false);
  });
});
