import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { documents } from '../platform/db/schema';
import { AUTH_TEST_ENV } from '../test/auth-client';
import { fillApplication, fixture, signUp, storedFiles, upload, uploadChunked } from '../test/application-client';
import { startTestServer, type TestServer } from '../test/harness';
import { startLocalS3, type LocalS3 } from '../test/local-s3';

describe('documents in S3-compatible storage (s3rver)', () => {
  let s3: LocalS3;
  let app: TestServer;

  beforeAll(async () => {
    s3 = await startLocalS3();
    app = await startTestServer({ ...AUTH_TEST_ENV, ...s3.env });
  });
  afterAll(async () => {
    await app?.stop();
    await s3?.stop();
  });

  it('stores uploads in the bucket (not the folder), serves them, keeps several of a type and removes each', async () => {
    expect(app.server.storage.kind).toBe('s3');
    const member = await signUp(app);
    const first = await upload(member.browser, 'governmentId', { bytes: fixture('sample.png'), name: 'id.png' });
    expect(first.status).toBe(201);
    const keysAfterFirst = await s3.keys();
    expect(keysAfterFirst).toEqual([expect.stringMatching(/^documents\/[0-9a-f-]{36}\/[0-9a-f-]{36}$/)]);
    expect(storedFiles(app)).toEqual([]);

    const download = await fetch(`${app.url}/api/documents/${first.body.id}`, { headers: { cookie: member.browser.cookieHeader } });
    expect(download.status).toBe(200);
    expect(download.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await download.arrayBuffer()).equals(fixture('sample.png'))).toBe(true);

    // A second file of the type is one more object (docs/product/application.md#documents: several files per type).
    const second = await upload(member.browser, 'governmentId', { bytes: fixture('sample.pdf'), name: 'id-back.pdf' });
    expect(second.status).toBe(201);
    const keys = await s3.keys();
    expect(keys).toHaveLength(2);
    expect(keys).toContain(keysAfterFirst[0]);

    // Removing one removes its object only; then the other.
    expect((await member.browser.request('DELETE', `/api/documents/${first.body.id}`)).status).toBe(200);
    expect(await s3.keys()).toEqual(keys.filter((k) => k !== keysAfterFirst[0]));
    expect((await member.browser.request('DELETE', `/api/documents/${second.body.id}`)).status).toBe(200);
    expect(await s3.keys()).toEqual([]);
  });

  it('keeps nothing in the bucket for a refused file: wrong type, or over 25 MB while streaming', async () => {
    const member = await signUp(app);
    const before = await s3.keys();
    const exe = await upload(member.browser, 'paystubs', { bytes: new Uint8Array([0x4d, 0x5a, 0x90, 0, 3, 0, 0, 0, 4]), name: 'pay.pdf' });
    expect(exe.status).toBe(415);
    const big = await uploadChunked(member.browser, 'paystubs', fixture('sample.pdf').subarray(0, 16), 26 * 1024 * 1024);
    expect(big.status).toBe(413);
    expect(await s3.keys()).toEqual(before);
  });

  it('removes every object of a deleted account', async () => {
    const member = await signUp(app);
    await fillApplication(member);
    const before = await s3.keys();
    expect(before.length).toBeGreaterThanOrEqual(3);
    const reply = await member.browser.request('DELETE', '/api/me', { password: member.account.password });
    expect(reply.status).toBe(200);
    expect((await s3.keys()).length).toBe(before.length - 3);
  });

  it('answers 500 and keeps no row when storage itself fails (a bucket that does not exist)', async () => {
    const broken = await startTestServer({ ...AUTH_TEST_ENV, ...s3.env, S3_BUCKET: 'no-such-bucket' });
    try {
      const member = await signUp(broken);
      const reply = await upload(member.browser, 'paystubs', { bytes: fixture('sample.pdf'), name: 'stub.pdf' });
      expect(reply.status).toBe(500);
      expect(reply.body.error.code).toBe('internal_error');
      expect(await broken.db.select().from(documents).where(eq(documents.userId, member.userId))).toEqual([]);
    } finally {
      await broken.stop();
    }
  });
});
