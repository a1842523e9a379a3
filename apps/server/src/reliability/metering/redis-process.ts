import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { once } from 'node:events';
import net from 'node:net';
import { Redis } from 'ioredis';

/** Whether a `redis-server` binary is on the PATH (CI installs one; a bare machine may not have it). */
export const HAS_REDIS_SERVER = spawnSync('redis-server', ['--version']).status === 0;

async function freePort(): Promise<number> {
  const server = net.createServer().listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as net.AddressInfo;
  server.close();
  await once(server, 'close');
  return port;
}

/**
 * A private `redis-server` on a free loopback port, without persistence: `kill` ends it with SIGKILL (its
 * data gone with it) and `start` runs a new, empty one on the same port.
 */
export async function startRedisServer() {
  const port = await freePort();
  let child: ChildProcess | null = null;

  async function start() {
    const started = spawn(
      'redis-server',
      ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
      { stdio: 'ignore' },
    );
    child = started;
    const deadline = Date.now() + 10_000;
    while (Date.now() < deadline) {
      if (started.exitCode !== null) throw new Error(`redis-server exited with ${started.exitCode}`);
      const probe = new Redis({ port, host: '127.0.0.1', lazyConnect: true, retryStrategy: () => null });
      probe.on('error', () => {});
      try {
        await probe.connect();
        if ((await probe.ping()) === 'PONG') return;
      } catch {
        await new Promise((resolve) => setTimeout(resolve, 50));
      } finally {
        probe.disconnect();
      }
    }
    throw new Error(`redis-server did not answer on port ${port}`);
  }

  async function kill() {
    const running = child;
    child = null;
    if (!running || running.exitCode !== null || running.signalCode !== null) return;
    const exited = once(running, 'exit');
    running.kill('SIGKILL');
    await exited;
  }

  await start();
  return { url: `redis://127.0.0.1:${port}`, start, kill };
}
