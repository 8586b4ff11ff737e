import net from 'node:net';

/**
 * A TCP proxy in front of the test's PostgreSQL that a test can cut and restore:
 * the database "goes away" for this test's server alone, while the shared
 * PostgreSQL keeps serving everyone else's tests.
 */
export interface CuttableProxy {
  /** `databaseUrl` with its host and port replaced by the proxy's. */
  urlFor(databaseUrl: string): string;
  /**
   * Destroys every open connection; until restore(), new ones are reset at once
   * (`reset`: a server that is down) or accepted and never answered (`silent`: a
   * host that drops packets), and then carry on as if the network had come back.
   */
  cut(mode?: 'reset' | 'silent'): void;
  restore(): void;
  close(): Promise<void>;
}

export async function startCuttableProxy(target: { host: string; port: number }): Promise<CuttableProxy> {
  const open = new Set<net.Socket>();
  const held = new Set<net.Socket>();
  let mode: 'open' | 'reset' | 'silent' = 'open';
  const forward = (client: net.Socket) => {
    const upstream = net.connect(target.port, target.host);
    for (const socket of [client, upstream]) {
      open.add(socket);
      socket.on('close', () => open.delete(socket));
      // Either side failing ends the pair, as a real network failure would.
      socket.on('error', () => {
        client.destroy();
        upstream.destroy();
      });
    }
    client.pipe(upstream).pipe(client);
  };
  const server = net.createServer((client) => {
    if (mode === 'reset') return client.resetAndDestroy();
    if (mode === 'open') return forward(client);
    // Silent: what the client sends waits, unread, until restore() (or until the client gives up).
    client.pause();
    held.add(client);
    client.on('close', () => held.delete(client));
    client.on('error', () => client.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  return {
    urlFor(databaseUrl) {
      const url = new URL(databaseUrl);
      url.hostname = '127.0.0.1';
      url.port = String(port);
      return url.toString();
    },
    cut(how = 'reset') {
      mode = how;
      for (const socket of open) socket.resetAndDestroy();
    },
    restore() {
      mode = 'open';
      for (const client of held) {
        held.delete(client);
        if (!client.destroyed) forward(client);
      }
    },
    async close() {
      for (const socket of [...open, ...held]) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
