import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ConfigError, configSchema, loadConfig } from './config';

describe('loadConfig', () => {
  it('runs offline with an empty environment: embedded database, port 3000', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      NODE_ENV: 'development',
      PORT: 3000,
      HOST: '0.0.0.0',
      DATA_DIR: './data',
      LOG_LEVEL: 'info',
      TRUST_PROXY: false,
      WAITLIST_RATE_LIMIT_MAX: 20,
      WAITLIST_RATE_LIMIT_WINDOW_SECONDS: 600,
    });
    expect(config.DATABASE_URL).toBeUndefined();
    expect(config.WAITLIST_WEBHOOK_URL).toBeUndefined();
  });

  it('treats empty values like unset ones', () => {
    const config = loadConfig({ DATABASE_URL: '', WAITLIST_WEBHOOK_URL: '', CONTACT_EMAIL: '', TRUST_PROXY: '' });
    expect(config.DATABASE_URL).toBeUndefined();
    expect(config.WAITLIST_WEBHOOK_URL).toBeUndefined();
    expect(config.CONTACT_EMAIL).toBeUndefined();
    expect(config.TRUST_PROXY).toBe(false);
  });

  it('reads the values it is given', () => {
    const config = loadConfig({
      PORT: '8080',
      DATABASE_URL: 'postgresql://app@db.internal:5432/ownstead',
      TRUST_PROXY: 'true',
      WAITLIST_RATE_LIMIT_MAX: '3',
    });
    expect(config).toMatchObject({
      PORT: 8080,
      DATABASE_URL: 'postgresql://app@db.internal:5432/ownstead',
      TRUST_PROXY: true,
      WAITLIST_RATE_LIMIT_MAX: 3,
    });
  });

  it.each([
    ['PORT', 'abc'],
    ['PORT', '70000'],
    ['DATABASE_URL', 'mysql://x'],
    ['APP_URL', 'not a url'],
    ['LOG_LEVEL', 'loud'],
    ['TRUST_PROXY', 'maybe'],
    ['WAITLIST_WEBHOOK_URL', 'script.google.com/macros/exec'],
    ['WAITLIST_RATE_LIMIT_MAX', '0'],
    ['CONTACT_EMAIL', 'hello-at-example'],
    ['DATA_ENCRYPTION_KEY', 'too-short-to-be-a-key'],
    ['S3_ENDPOINT', 'minio:9000'],
    ['S3_FORCE_PATH_STYLE', 'sometimes'],
  ])('refuses %s=%s with a message naming the variable', (name, value) => {
    const attempt = () => loadConfig({ [name]: value });
    expect(attempt).toThrow(ConfigError);
    expect(attempt).toThrow(new RegExp(`\\b${name}\\b`));
  });

  it('names every bad variable at once', () => {
    expect(() => loadConfig({ PORT: 'abc', DATABASE_URL: 'mysql://x' })).toThrow(/PORT[\s\S]*DATABASE_URL|DATABASE_URL[\s\S]*PORT/);
  });
});

describe('loadConfig: accounts', () => {
  it('has offline defaults: no SMTP, generated secret, 30/10 attempts per 15 minutes, links 24 h and 1 h', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      AUTH_RATE_LIMIT_IP_MAX: 30,
      AUTH_RATE_LIMIT_EMAIL_MAX: 10,
      AUTH_RATE_LIMIT_WINDOW_SECONDS: 900,
      EMAIL_VERIFICATION_TTL_SECONDS: 86_400,
      PASSWORD_RESET_TTL_SECONDS: 3600,
    });
    expect(config.SMTP_URL).toBeUndefined();
    expect(config.BETTER_AUTH_SECRET).toBeUndefined();
    expect(config.ADMIN_EMAIL).toBeUndefined();
  });

  it.each([
    ['SMTP_URL', { SMTP_URL: 'mail.example.com' }],
    ['BETTER_AUTH_SECRET', { BETTER_AUTH_SECRET: 'too-short' }],
    ['ADMIN_EMAIL', { ADMIN_EMAIL: 'not-an-address', ADMIN_PASSWORD: 'x' }],
    ['ADMIN_PASSWORD', { ADMIN_EMAIL: 'boss@example.com' }],
  ])('refuses a bad %s', (name, env) => {
    expect(() => loadConfig(env)).toThrow(new RegExp(`\\b${name}\\b`));
  });

  it('accepts SMTP over STARTTLS or TLS', () => {
    expect(loadConfig({ SMTP_URL: 'smtps://u:p@smtp.example.com:465' }).SMTP_URL).toBe('smtps://u:p@smtp.example.com:465');
    expect(loadConfig({ SMTP_URL: 'smtp://smtp.example.com:587' }).SMTP_URL).toBe('smtp://smtp.example.com:587');
  });
});

describe('loadConfig: applications and documents', () => {
  it('keeps uploads in the data folder unless S3_BUCKET is set, and checks the S3 variables go together', () => {
    expect(loadConfig({}).S3_BUCKET).toBeUndefined();
    expect(loadConfig({ S3_BUCKET: 'docs', S3_ENDPOINT: 'http://127.0.0.1:9000', S3_FORCE_PATH_STYLE: 'true' })).toMatchObject({
      S3_BUCKET: 'docs',
      S3_ENDPOINT: 'http://127.0.0.1:9000',
      S3_REGION: 'us-east-1',
      S3_FORCE_PATH_STYLE: true,
    });
    expect(() => loadConfig({ S3_BUCKET: 'docs', S3_ACCESS_KEY_ID: 'id' })).toThrow(/S3_SECRET_ACCESS_KEY/);
    expect(() => loadConfig({ S3_ENDPOINT: 'http://127.0.0.1:9000' })).toThrow(/S3_BUCKET/);
  });

  it('takes a 32-byte DATA_ENCRYPTION_KEY as hex or base64', () => {
    expect(loadConfig({ DATA_ENCRYPTION_KEY: 'ab'.repeat(32) }).DATA_ENCRYPTION_KEY).toBe('ab'.repeat(32));
    expect(loadConfig({ DATA_ENCRYPTION_KEY: Buffer.alloc(32, 7).toString('base64') }).DATA_ENCRYPTION_KEY).toBeDefined();
    expect(() => loadConfig({ DATA_ENCRYPTION_KEY: Buffer.alloc(16, 7).toString('base64') })).toThrow(/DATA_ENCRYPTION_KEY/);
  });

  it('lists every variable in .env.example, whose values load as they are', () => {
    const lines = readFileSync(new URL('../../../.env.example', import.meta.url), 'utf8')
      .split('\n')
      .filter((l) => /^[A-Z0-9_]+=/.test(l));
    const env = Object.fromEntries(lines.map((l) => [l.slice(0, l.indexOf('=')), l.slice(l.indexOf('=') + 1)]));
    expect(Object.keys(configSchema.shape).filter((name) => !(name in env))).toEqual([]);
    expect(() => loadConfig(env)).not.toThrow();
  });
});
