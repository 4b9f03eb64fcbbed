import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUpVerified, startTestServer, type TestServer } from '../support/test-server';
import { bearer } from './account-helpers';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.stop();
});

const me = (token: string) => server.api().get('/api/v1/auth/me').set(bearer(token)).expect(200);

describe('the account language (decision 0027)', () => {
  it('is remembered per account, and null goes back to following the browser', async () => {
    const person = await signUpVerified(server, 'lang');
    expect((await me(person.token)).body.data.user.locale).toBeNull();
    await server.api().patch('/api/v1/users/me').set(bearer(person.token)).send({ locale: 'ar' }).expect(200);
    expect((await me(person.token)).body.data.user.locale).toBe('ar');
    // Another sign-in (another device) finds the same language.
    const again = await server.api().post('/api/v1/auth/login').send({ username: person.username, password: person.password }).expect(200);
    expect(again.body.data.user.locale).toBe('ar');
    await server.api().patch('/api/v1/users/me').set(bearer(person.token)).send({ locale: null }).expect(200);
    expect((await me(person.token)).body.data.user.locale).toBeNull();
  });

  it('changes the language alone without touching the names, and refuses a language we do not speak', async () => {
    const person = await signUpVerified(server, 'langonly');
    const res = await server.api().patch('/api/v1/users/me').set(bearer(person.token)).send({ locale: 'de' }).expect(200);
    expect(res.body.data.profile.agent).toMatchObject({ firstName: 'Test', lastName: 'langonly' });
    for (const locale of ['fr', 'DE', 42, 'de\u0000', 'x'.repeat(10_000)])
      await server.api().patch('/api/v1/users/me').set(bearer(person.token)).send({ locale }).expect(400);
    expect((await me(person.token)).body.data.user.locale).toBe('de');
  });

  it('sends mail in the recipient’s language: German words, and Arabic right to left', async () => {
    const german = await signUpVerified(server, 'mailde');
    await server.api().patch('/api/v1/users/me').set(bearer(german.token)).send({ locale: 'de' }).expect(200);
    await server.api().post('/api/v1/auth/email/send-magic-link').send({ email: german.email }).expect(200);
    const deMail = await server.mail.nextMail(german.email);
    expect(deMail.subject).toBe('Ihr Anmeldelink für Agentroom');
    expect(deMail.text).toContain('Hallo Test,');
    expect(deMail.text).toContain('Bei Agentroom anmelden: ');
    expect(deMail.html).toContain('<html lang="de" dir="ltr">');

    const arabic = await signUpVerified(server, 'mailar');
    await server.api().patch('/api/v1/users/me').set(bearer(arabic.token)).send({ locale: 'ar' }).expect(200);
    await server.api().post('/api/v1/auth/email/send-reset').send({ email: arabic.email }).expect(200);
    const arMail = await server.mail.nextMail(arabic.email);
    expect(arMail.subject).toBe('أعد تعيين كلمة مرور Agentroom');
    expect(arMail.html).toContain('<html lang="ar" dir="rtl">');

    // Someone who never chose gets the spec's English.
    const english = await signUpVerified(server, 'mailen');
    await server.api().post('/api/v1/auth/email/send-magic-link').send({ email: english.email }).expect(200);
    expect((await server.mail.nextMail(english.email)).subject).toBe('Your Agentroom sign-in link');
  });
});
