// A free loopback port, for the tools and tests that start servers of their own: the cluster and its fault test
// (deploy/), the runtime smoke (runtime-compat.mjs) and the server tests' child processes (server-process.ts).
import net from 'node:net';

export function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}
