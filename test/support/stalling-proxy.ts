import { createServer, connect, type Server, type Socket } from 'node:net';

export interface StallingProxy {
  /** `url` with its host and port replaced by the proxy's. */
  url: string;
  /** Stops passing bytes either way, on open and new connections alike, but closes no socket: a dead network path. */
  stall(): void;
  /** Passes bytes again, those held back included. */
  resume(): void;
  /**
   * A black hole: bytes go nowhere, either way, on open and new connections alike, and the connections open now
   * never carry a byte again, as when a firewall or NAT on the path forgets them. `heal()` lets new connections through.
   */
  blackHole(): void;
  heal(): void;
  close(): Promise<void>;
}

/** A TCP proxy in front of a PostgreSQL server, for tests of a database that stops answering. */
export async function startStallingProxy(targetUrl: string): Promise<StallingProxy> {
  const target = new URL(targetUrl);
  const pairs = new Set<[Socket, Socket]>();
  const dead = new Set<[Socket, Socket]>();
  let stalled = false;
  let holed = false;
  const server: Server = createServer((client) => {
    const upstream = connect(Number(target.port || 5432), target.hostname);
    const pair: [Socket, Socket] = [client, upstream];
    pairs.add(pair);
    client.pipe(upstream);
    upstream.pipe(client);
    if (stalled || holed) for (const socket of pair) socket.pause();
    if (holed) dead.add(pair);
    const end = () => {
      pairs.delete(pair);
      dead.delete(pair);
      client.destroy();
      upstream.destroy();
    };
    client.on('close', end).on('error', end);
    upstream.on('close', end).on('error', end);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const url = new URL(targetUrl);
  url.hostname = '127.0.0.1';
  url.port = String(typeof address === 'object' && address ? address.port : 0);
  return {
    url: url.toString(),
    stall() {
      stalled = true;
      // Paused sockets are not read: what the other side sends waits, unacknowledged, as on a dead path.
      for (const pair of pairs) for (const socket of pair) socket.pause();
    },
    resume() {
      stalled = false;
      for (const pair of pairs) if (!dead.has(pair)) for (const socket of pair) socket.resume();
    },
    blackHole() {
      holed = true;
      for (const pair of pairs) {
        dead.add(pair);
        for (const socket of pair) socket.pause();
      }
    },
    heal() {
      holed = false;
    },
    async close() {
      for (const [client, upstream] of pairs) {
        client.destroy();
        upstream.destroy();
      }
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
