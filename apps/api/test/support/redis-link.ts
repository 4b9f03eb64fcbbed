import net from 'node:net';

/**
 * A TCP relay between one API node and Redis that the test can cut: `cut()` drops every byte both
 * ways from then on and keeps the connections open, so neither side notices (no close, no error):
 * what the node publishes after it is as good as lost in its own outgoing buffers, the state a
 * node is in when it dies between a commit and the broadcast of it. `url` keeps Redis's path.
 */
export async function startRedisLink(redisUrl: string): Promise<{ url: string; cut(): void; close(): Promise<void> }> {
  const target = new URL(redisUrl);
  const sockets = new Set<net.Socket>();
  let open = true;
  const track = (socket: net.Socket) => {
    sockets.add(socket);
    socket.on('error', () => socket.destroy());
    socket.on('close', () => sockets.delete(socket));
  };
  const server = net.createServer((client) => {
    track(client);
    const upstream = net.connect(Number(target.port || 6379), target.hostname);
    track(upstream);
    client.on('data', (chunk) => open && upstream.write(chunk));
    upstream.on('data', (chunk) => open && client.write(chunk));
    // Before the cut a closed side closes the other; after it nothing may tell the node.
    client.on('close', () => open && upstream.destroy());
    upstream.on('close', () => open && client.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  const url = new URL(redisUrl);
  url.hostname = '127.0.0.1';
  url.port = String(port);
  return {
    url: url.toString(),
    cut: () => {
      open = false;
    },
    close: async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
