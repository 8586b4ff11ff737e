/**
 * A device in plain words for the sessions list ('Chrome on Windows'), from the
 * User-Agent header the session was created with. Deliberately small: it names
 * the browsers and systems people recognise and says 'Unknown device' otherwise.
 */
export interface DeviceDescription {
  label: string;
  mobile: boolean;
}

const BROWSERS: [RegExp, string][] = [
  [/Edg(e|A|iOS)?\//, 'Edge'],
  [/OPR\/|Opera/, 'Opera'],
  [/SamsungBrowser\//, 'Samsung Internet'],
  [/Firefox\/|FxiOS\//, 'Firefox'],
  [/Chrome\/|CriOS\/|Chromium\//, 'Chrome'],
  [/Version\/[\d.]+.*Safari\//, 'Safari'],
];

const SYSTEMS: [RegExp, string][] = [
  [/iPhone/, 'iPhone'],
  [/iPad/, 'iPad'],
  [/Android/, 'Android'],
  [/CrOS/, 'ChromeOS'],
  [/Windows NT|Windows Phone/, 'Windows'],
  [/Mac OS X|Macintosh/, 'macOS'],
  [/Linux|X11/, 'Linux'],
];

export function describeUserAgent(userAgent: string | null | undefined): DeviceDescription {
  const ua = userAgent ?? '';
  const browser = BROWSERS.find(([pattern]) => pattern.test(ua))?.[1];
  const system = SYSTEMS.find(([pattern]) => pattern.test(ua))?.[1];
  const mobile = /Mobi|iPhone|Android|iPad/.test(ua);
  if (browser && system) return { label: `${browser} on ${system}`, mobile };
  if (browser) return { label: browser, mobile };
  if (system) return { label: `A browser on ${system}`, mobile };
  return { label: 'Unknown device', mobile: false };
}
