/**
 * Loopback ports for the servers tests start. A port the system hands out for `listen(0)` comes
 * from its ephemeral range, where it also picks the local ports of outgoing connections: once the
 * probe closes it, any fetch or server in another test process can take it before the test's
 * server binds it ("Address already in use"). So ports come from below that range (Linux starts
 * it at 32768, macOS at 49152), in an order of each process's own, and are checked free.
 */
import { createServer } from 'node:net';

const LOW = 20_000;
const SPAN = 12_000;
let next = 0;

/** Whether a server can listen on the loopback port now. */
function bindable(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = createServer();
    server.once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
  });
}

/** A loopback port nobody listens on right now, for a server a test starts. */
export async function freePort(): Promise<number> {
  for (let tries = 0; tries < 100; tries++) {
    const port = LOW + ((process.pid * 7_919 + next++ * 4_099) % SPAN);
    if (await bindable(port)) return port;
  }
  throw new Error(`no free loopback port between ${LOW} and ${LOW + SPAN}`);
}
