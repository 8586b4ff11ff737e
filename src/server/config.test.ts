import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

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
