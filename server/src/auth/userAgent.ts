// The device of a session as a person recognises it ("Chrome on Windows"), read from the User-Agent header: the
// major browsers and systems only, null for anything else. A hint, never a security decision (any client can send
// any header). Order matters: Edge and Opera say "Chrome" too, Chrome says "Safari", Android says "Linux".
const BROWSERS: readonly [RegExp, string][] = [
  [/\bEdg(e|A|iOS)?\//, 'Edge'],
  [/\bOPR\/|\bOpera\b/, 'Opera'],
  [/\bSamsungBrowser\//, 'Samsung Internet'],
  [/\bFirefox\/|\bFxiOS\//, 'Firefox'],
  [/\bChrome\/|\bCriOS\/|\bChromium\//, 'Chrome'],
  [/\bVersion\/[\d.]+.*\bSafari\//, 'Safari'],
];

const SYSTEMS: readonly [RegExp, string][] = [
  [/\bWindows\b/, 'Windows'],
  [/\b(iPhone|iPad|iPod)\b/, 'iOS'],
  [/\bMac OS X\b|\bMacintosh\b/, 'macOS'],
  [/\bAndroid\b/, 'Android'],
  [/\bCrOS\b/, 'ChromeOS'],
  [/\bLinux\b/, 'Linux'],
];

const first = (rules: readonly [RegExp, string][], userAgent: string) => rules.find(([pattern]) => pattern.test(userAgent))?.[1] ?? null;

export function deviceOf(userAgent: string): { browser: string | null; os: string | null } {
  return { browser: first(BROWSERS, userAgent), os: first(SYSTEMS, userAgent) };
}
