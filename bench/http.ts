import { URI, type TOTP } from 'otpauth';

/** The benchmarks' HTTP side (bench/admin.ts, bench/review.ts): signing in as a browser does, and the server's environment. */

/** Signs in over the API as a browser does (Origin header, cookies kept); answers the cookie header. */
export class Browser {
  private readonly jar = new Map<string, string>();
  constructor(readonly base: string) {}
  get cookie() {
    return [...this.jar].map(([k, v]) => `${k}=${v}`).join('; ');
  }
  async send(method: string, route: string, body?: unknown) {
    const response = await fetch(this.base + route, {
      method,
      headers: { origin: this.base, cookie: this.cookie, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const at = pair.indexOf('=');
      const value = pair.slice(at + 1).trim();
      if (value) this.jar.set(pair.slice(0, at).trim(), value);
      else this.jar.delete(pair.slice(0, at).trim());
    }
    const text = await response.text();
    if (!response.ok) throw new Error(`${method} ${route}: ${response.status} ${text.slice(0, 200)}`);
    return text ? JSON.parse(text) : null;
  }
}

/** The admin signs in and enrols an authenticator, as the account page does: the session passes the admin guard. */
export async function adminBrowser(base: string, admin: { email: string; password: string }): Promise<Browser> {
  const browser = new Browser(base);
  await browser.send('POST', '/api/auth/sign-in/email', admin);
  const enabled = await browser.send('POST', '/api/auth/two-factor/enable', { password: admin.password });
  const totp = URI.parse(enabled.totpURI) as TOTP;
  await browser.send('POST', '/api/auth/two-factor/verify-totp', { code: totp.generate() });
  await browser.send('GET', '/api/admin/ping');
  return browser;
}

/** The review bench's server: production, its own database and DATA_DIR, sign-in limits out of the way. */
export function serverEnv(port: number, staticDir: string, databaseUrl: string, dataDir: string) {
  return {
    NODE_ENV: 'production',
    STATIC_DIR: staticDir,
    PORT: String(port),
    HOST: '127.0.0.1',
    APP_URL: `http://127.0.0.1:${port}`,
    LOG_LEVEL: 'warn',
    AUTH_RATE_LIMIT_IP_MAX: '100000',
    AUTH_RATE_LIMIT_EMAIL_MAX: '100000',
    DATABASE_URL: databaseUrl,
    DATA_DIR: dataDir,
  };
}
