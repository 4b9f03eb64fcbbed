import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

/** Where Lighthouse and puppeteer-core are installed, outside the repo (CI never installs them). */
export const LH_DIR = process.env.LH_DIR ?? '/tmp/lh';
/**
 * The exact versions the phone benches are measured with: a score from another Lighthouse (its
 * simulator, its scoring curves) is not comparable. 12.8.2 is the newest line that declares this
 * repo's Node 20 (13 declares Node >= 22.19); puppeteer-core 24.43.1 is the one it depends on.
 */
export const PINNED = { lighthouse: '12.8.2', 'puppeteer-core': '24.43.1' } as const;
const INSTALL = `mkdir -p ${LH_DIR} && cd ${LH_DIR} && npm init -y && npm install --save-exact lighthouse@${PINNED.lighthouse} puppeteer-core@${PINNED['puppeteer-core']}`;
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

/** The version of a package installed under LH_DIR, or undefined. */
function installedVersion(name: string): string | undefined {
  try {
    return (JSON.parse(readFileSync(path.join(LH_DIR, 'node_modules', name, 'package.json'), 'utf8')) as { version: string }).version;
  } catch {
    return undefined;
  }
}

/** Imports a pinned package installed under LH_DIR, or says how to install it and exits. */
export async function importFromLhDir<T>(name: keyof typeof PINNED): Promise<{ module: T; resolved: string }> {
  const version = installedVersion(name);
  if (version !== PINNED[name]) {
    console.error(`${name} ${PINNED[name]} is required under ${LH_DIR}; found ${version ?? 'none'}. Install it outside the repo:
  ${INSTALL}
Then set LH_DIR=${LH_DIR}.`);
    process.exit(1);
  }
  try {
    const resolved = createRequire(path.join(LH_DIR, 'package.json')).resolve(name);
    return { module: (await import(pathToFileURL(resolved).href)) as T, resolved };
  } catch (err) {
    console.error(`${name} not found under ${LH_DIR} (${(err as Error).message}).
Install Lighthouse and puppeteer-core outside the repo (they are not dependencies of it):
  ${INSTALL}
Then set LH_DIR=${LH_DIR}.`);
    process.exit(1);
  }
}

/** Debian's Chromium, headless, through puppeteer-core. */
export async function loadPuppeteer(): Promise<() => Promise<Browser>> {
  const { module } = await importFromLhDir<{ default: { launch(o: object): Promise<Browser> } }>('puppeteer-core');
  return () => module.default.launch({ executablePath: CHROME_PATH, headless: true, args: ['--no-sandbox', '--disable-gpu'] });
}
