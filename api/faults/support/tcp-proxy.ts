/**
 * A TCP proxy between the API and PostgreSQL, so that the fault suite can take the database away (every
 * connection cut, new ones refused) and give it back, as a failover or a restart of the server would,
 * without stopping the PostgreSQL server the other suites use.
 */
import net from 'node:net';

export interface TcpProxy {
  port: number;
  /** Cuts every connection and refuses new ones until `resume`. */
  stop(): Promise<void>;
  /** Accepts connections again, on the same port. */
  resume(): Promise<void>;
  close(): Promise<void>;
}

export async function startTcpProxy(targetHost: string, targetPort: number): Promise<TcpProxy> {
  const sockets = new Set<net.Socket>();
  const server = net.createServer((client) => {
    const upstream = net.connect(targetPort, targetHost);
    for (const socket of [client, upstream]) {
      sockets.add(socket);
      socket.on('close', () => sockets.delete(socket));
      socket.on('error', () => {
        client.destroy();
        upstream.destroy();
      });
    }
    client.pipe(upstream);
    upstream.pipe(client);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  const cutAll = () => {
    for (const socket of sockets) socket.destroy();
  };
  return {
    port,
    async stop() {
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        cutAll();
      });
    },
    resume: () => new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve)),
    async close() {
      cutAll();
      if (server.listening) await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
