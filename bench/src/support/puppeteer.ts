import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

/** Where Lighthouse and puppeteer-core are installed, outside the repo (CI never installs them). */
export const LH_DIR = process.env.LH_DIR ?? '/tmp/lh';
const CHROME_PATH = process.env.CHROME_PATH ?? '/usr/bin/chromium';

/* The parts of puppeteer's API the phone benches use (it is not typed in the repo). */
interface CdpSession {
  send(method: string, params?: object): Promise<unknown>;
}
interface Page {
  evaluateOnNewDocument<A extends string[]>(fn: (...args: A) => void, ...args: A): Promise<unknown>;
  setViewport(viewport: object): Promise<void>;
  createCDPSession(): Promise<CdpSession>;
  goto(url: string): Promise<unknown>;
  waitForFunction<A>(fn: (arg: A) => boolean, options: object, arg: A): Promise<unknown>;
  evaluate<T>(fn: () => Promise<T>): Promise<T>;
}
interface BrowserContext {
  newPage(): Promise<Page>;
  close(): Promise<void>;
}
export interface Browser {
  createBrowserContext(): Promise<BrowserContext>;
  close(): Promise<void>;
}

/** Imports a package installed under LH_DIR, or says how to install it and exits. */
export async function importFromLhDir<T>(name: string): Promise<{ module: T; resolved: string }> {
  try {
    const resolved = createRequire(path.join(LH_DIR, 'package.json')).resolve(name);
    return { module: (await import(pathToFileURL(resolved).href)) as T, resolved };
  } catch (err) {
    console.error(`${name} not found under ${LH_DIR} (${(err as Error).message}).
Install Lighthouse and puppeteer-core outside the repo (they are not dependencies of it):
  mkdir -p ${LH_DIR} && cd ${LH_DIR} && npm init -y && npm install lighthouse@13 puppeteer-core
(lighthouse@12 is the fallback if 13 will not run on this Node.) Then set LH_DIR=${LH_DIR}.`);
    process.exit(1);
  }
}

/** Debian's Chromium, headless, through puppeteer-core. */
export async function loadPuppeteer(): Promise<() => Promise<Browser>> {
  const { module } = await importFromLhDir<{ default: { launch(o: object): Promise<Browser> } }>('puppeteer-core');
  return () => module.default.launch({ executablePath: CHROME_PATH, headless: true, args: ['--no-sandbox', '--disable-gpu'] });
}
