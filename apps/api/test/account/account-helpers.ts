import type { TestServer } from '../support/test-server';

/** A second sign-in of the same person (another browser), with its own session and user agent. */
export async function signInAgain(server: TestServer, user: { username: string; password: string }, userAgent = 'Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0') {
  const res = await server.api().post('/api/v1/auth/login').set('User-Agent', userAgent).send({ username: user.username, password: user.password }).expect(200);
  return res.body.data.token as string;
}

export const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });
