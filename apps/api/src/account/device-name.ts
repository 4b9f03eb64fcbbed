import { ACCOUNT_TEXTS } from '@agentroom/shared';

/*
 * "Firefox on Linux" from a user agent, for the sessions list. A handful of patterns is enough to
 * tell one's own devices apart; the order matters (Edge and Opera also say Chrome, Chrome says Safari).
 */
const BROWSERS: [RegExp, string][] = [
  [/Edg(e|A|iOS)?\//, 'Edge'],
  [/OPR\/|Opera/, 'Opera'],
  [/Firefox\/|FxiOS\//, 'Firefox'],
  [/Chrome\/|CriOS\/|Chromium\//, 'Chrome'],
  [/Safari\//, 'Safari'],
];
const SYSTEMS: [RegExp, string][] = [
  [/iPhone|iPad|iPod/, 'iOS'],
  [/Android/, 'Android'],
  [/CrOS/, 'ChromeOS'],
  [/Windows/, 'Windows'],
  [/Mac OS X|Macintosh/, 'macOS'],
  [/Linux/, 'Linux'],
];

const first = (patterns: [RegExp, string][], userAgent: string) => patterns.find(([pattern]) => pattern.test(userAgent))?.[1];

export function deviceName(userAgent: string | null | undefined): string {
  if (!userAgent) return ACCOUNT_TEXTS.unknownDevice;
  const browser = first(BROWSERS, userAgent);
  const system = first(SYSTEMS, userAgent);
  if (browser && system) return `${browser} on ${system}`;
  return browser ?? system ?? ACCOUNT_TEXTS.unknownDevice;
}
