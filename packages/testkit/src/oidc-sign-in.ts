/**
 * Walks a provider sign-in the way a browser does, with fetch: from the app's start URL through the
 * test provider's login and consent forms (oidc-provider.ts) back to the app's callback, keeping
 * cookies per origin and path. Returns where the app's last redirect points (its sign-in page with
 * `?sso_error=`, or `/auth/sso#ticket=…`), and the callback URL the provider sent the browser to.
 */

interface StoredCookie {
  value: string;
  path: string;
}

/** A small cookie jar: per origin, name and path; a cookie set empty or already expired is forgotten. */
export class CookieJar {
  private readonly byOrigin = new Map<string, Map<string, StoredCookie>>();

  store(url: URL, setCookies: string[]): void {
    const jar = this.byOrigin.get(url.origin) ?? new Map<string, StoredCookie>();
    this.byOrigin.set(url.origin, jar);
    for (const line of setCookies) {
      const [pair = '', ...attributes] = line.split(';').map((part) => part.trim());
      const eq = pair.indexOf('=');
      const name = pair.slice(0, eq);
      const value = pair.slice(eq + 1);
      const attr = (key: string) => attributes.find((a) => a.toLowerCase().startsWith(`${key}=`))?.slice(key.length + 1);
      const path = attr('path') ?? '/';
      const expires = attr('expires');
      const gone = value === '' || attr('max-age') === '0' || (expires !== undefined && Date.parse(expires) <= Date.now());
      if (gone) jar.delete(`${name};${path}`);
      else jar.set(`${name};${path}`, { value, path });
    }
  }

  header(url: URL): string {
    const jar = this.byOrigin.get(url.origin);
    if (!jar) return '';
    return [...jar.entries()]
      .filter(([, cookie]) => url.pathname === cookie.path || url.pathname.startsWith(cookie.path.endsWith('/') ? cookie.path : `${cookie.path}/`))
      .map(([key, cookie]) => `${key.split(';')[0]}=${cookie.value}`)
      .join('; ');
  }

  /** A cookie's value, for tests that tamper with or replay one. */
  get(origin: string, name: string): string | undefined {
    for (const [key, cookie] of this.byOrigin.get(origin) ?? []) if (key.split(';')[0] === name) return cookie.value;
    return undefined;
  }

  set(origin: string, name: string, value: string, path: string): void {
    this.store(new URL(origin), [`${name}=${value}; Path=${path}`]);
  }
}

export interface ProviderSignIn {
  /** The app's last redirect, as sent (a path of the app, or an absolute URL). */
  location: string;
  /** The app's callback URL as the provider built it (undefined when the flow never got there). */
  callbackUrl?: string;
  jar: CookieJar;
}

export interface SignInAtProviderOptions {
  /** What the test provider's login form gets: an account's sub or email. */
  login: string;
  consent?: 'accept' | 'deny';
  jar?: CookieJar;
  /** The app's public URL (APP_URL) when it differs from where the start URL reaches it. */
  appUrl?: string;
  /** Stop at the callback without following it (to replay or tamper with it). */
  stopAtCallback?: boolean;
}

const hidden = (html: string, name: string) => new RegExp(`name="${name}" value="([^"]*)"`).exec(html)?.[1];

export async function signInAtProvider(startUrl: string, options: SignInAtProviderOptions): Promise<ProviderSignIn> {
  const jar = options.jar ?? new CookieJar();
  const appOrigin = new URL(startUrl).origin;
  const reach = (url: URL) => (options.appUrl && url.origin === new URL(options.appUrl).origin ? new URL(url.pathname + url.search, appOrigin) : url);
  let url = new URL(startUrl);
  let form: URLSearchParams | undefined;
  let callbackUrl: string | undefined;
  for (let step = 0; step < 20; step += 1) {
    const cookie = jar.header(url);
    const res = await fetch(url, {
      method: form ? 'POST' : 'GET',
      redirect: 'manual',
      headers: { ...(cookie ? { cookie } : {}), ...(form ? { 'content-type': 'application/x-www-form-urlencoded' } : {}) },
      body: form?.toString(),
    });
    jar.store(url, res.headers.getSetCookie());
    form = undefined;
    const location = res.headers.get('location');
    if (res.status >= 300 && res.status < 400 && location) {
      const next = new URL(location, url);
      if (url.origin === appOrigin && next.origin !== url.origin && !(options.appUrl && next.origin === new URL(options.appUrl).origin)) {
        url = next; // the app sends the browser to the provider
        continue;
      }
      if (url.origin === appOrigin) return { location, callbackUrl, jar };
      url = reach(next);
      if (url.origin === appOrigin) {
        callbackUrl = url.href;
        if (options.stopAtCallback) return { location: url.href, callbackUrl, jar };
      }
      continue;
    }
    const html = await res.text();
    const prompt = res.status === 200 ? hidden(html, 'prompt') : undefined;
    if (!prompt) throw new Error(`signInAtProvider: unexpected ${res.status} at ${url.href}: ${html.slice(0, 200)}`);
    const action = /<form method="post" action="([^"]+)"/.exec(html)?.[1] ?? url.pathname;
    form = new URLSearchParams({ prompt });
    if (prompt === 'login') {
      if (html.includes('role="alert"') && step > 0 && html.includes('No such account')) throw new Error(`signInAtProvider: no account "${options.login}"`);
      form.set('login', options.login);
    } else form.set('decision', options.consent ?? 'accept');
    url = new URL(action, url);
  }
  throw new Error('signInAtProvider: too many steps');
}
