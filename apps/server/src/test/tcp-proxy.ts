import { connect, createServer, type Server, type Socket } from 'node:net';

export type TcpProxy = {
  readonly port: number;
  /** Drops every open connection and refuses new ones, as when the database host goes away. */
  cut(): Promise<void>;
  /** Listens again on the same port. */
  restore(): Promise<void>;
};

/**
 * A TCP proxy on 127.0.0.1 in front of `target` (PostgreSQL) that a test can cut and restore:
 * the server under test connects through it and sees the database vanish mid-funnel. Used by the
 * server's outage test and by the browser's (e2e/outage.spec.ts).
 */
export async function startTcpProxy(target: { host: string; port: number }): Promise<TcpProxy> {
  const sockets = new Set<Socket>();
  let server: Server | undefined;
  let port = 0;
  const listen = () =>
    new Promise<void>((resolve) => {
      server = createServer((client) => {
        const upstream = connect(target.port, target.host);
        for (const socket of [client, upstream]) {
          sockets.add(socket);
          socket.on('close', () => sockets.delete(socket));
          socket.on('error', () => {
            client.destroy();
            upstream.destroy();
          });
        }
        client.pipe(upstream).pipe(client);
      });
      server.listen(port, '127.0.0.1', () => {
        const address = server?.address();
        if (address && typeof address === 'object') port = address.port;
        resolve();
      });
    });
  await listen();
  return {
    get port() {
      return port;
    },
    async cut() {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server?.close(() => resolve()));
    },
    restore: listen,
  };
}
