import type { Server } from 'node:http';
import type { ServerType } from '@hono/node-server';

/**
 * Shutting down without dropping anyone (SIGTERM; src/server/main.ts): the
 * requests already running finish, and nothing new starts. New connections are
 * refused once the listener closes; a request that arrives on a connection kept
 * alive from before gets `shuttingDown()` and that connection is closed.
 */

export const DRAIN_RETRY_AFTER_SECONDS = 5;

/** The answer to a request that arrives while the server drains: try again shortly (another instance, or this one restarted). */
export const shuttingDown = () =>
  new Response(JSON.stringify({ error: { code: 'shutting_down', message: 'The server is restarting. Please try again in a few seconds.' } }), {
    status: 503,
    headers: {
      'content-type': 'application/json; charset=utf-8',
      'cache-control': 'no-store',
      'retry-after': String(DRAIN_RETRY_AFTER_SECONDS),
      connection: 'close',
    },
  });

/**
 * Stops listening and resolves once every connection has closed. Node's close()
 * closes the connections idle at that moment; one whose request is still running
 * becomes idle when it is answered and would then hold close() open until its
 * keep-alive timeout — or for ever, if its client keeps sending: so idle
 * connections are closed as they appear.
 */
export async function closeServer(server: ServerType): Promise<void> {
  const closed = new Promise<void>((resolve) => server.close(() => resolve()));
  const http = server as Partial<Pick<Server, 'closeIdleConnections'>>;
  const sweep = setInterval(() => http.closeIdleConnections?.(), 50);
  try {
    await closed;
  } finally {
    clearInterval(sweep);
  }
}
