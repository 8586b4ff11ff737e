import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sleep, startTestServer, type TestServer } from './test/harness';

/**
 * Kept-alive connections outlive a client's own idle time (src/server/server.ts, KEEP_ALIVE_TIMEOUT_MS): a
 * connection left idle for 8 s is still open, so the next request on it is answered. With Node's default the
 * server closed it after 5–6 s, around the time Node's own agent gives one up (5 s), and a request sent in that
 * moment failed with ECONNRESET.
 */

let app: TestServer;
beforeAll(async () => {
  app = await startTestServer();
});
afterAll(async () => {
  await app?.stop();
});

/** GET `pathname` over `agent`: its status and whether it went on a connection opened before. */
function get(agent: http.Agent, pathname: string): Promise<{ status: number; reusedSocket: boolean }> {
  return new Promise((resolve, reject) => {
    const request = http.get(new URL(pathname, app.url), { agent }, (response) => {
      response.resume();
      response.on('end', () => resolve({ status: response.statusCode ?? 0, reusedSocket: request.reusedSocket }));
    });
    request.on('error', reject);
  });
}

describe('kept-alive connections', () => {
  it('stay open after 8 s idle: the next request goes on the same connection and is answered', async () => {
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    try {
      expect(await get(agent, '/api/health')).toEqual({ status: 200, reusedSocket: false });
      await sleep(8_000);
      expect(await get(agent, '/api/health')).toEqual({ status: 200, reusedSocket: true });
    } finally {
      agent.destroy();
    }
  }, 20_000);
});
