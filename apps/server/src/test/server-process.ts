import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import net from 'node:net';
import path from 'node:path';

const SERVER = path.resolve(import.meta.dirname, '../server.ts');

export type ServerProcess = {
  child: ChildProcess;
  url: string;
  output: () => string;
  stop(): Promise<number | null>;
};

export async function freePort(): Promise<number> {
  const server = net.createServer().listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as net.AddressInfo;
  server.close();
  return port;
}

/**
 * The real server process (`node … server.ts`), ready to answer; `stop` sends SIGTERM and waits. `port`
 * keeps an address across restarts (a proxy's upstream); a free one otherwise.
 */
export async function startServer(
  env: Record<string, string>,
  { port: fixedPort }: { port?: number } = {},
): Promise<ServerProcess> {
  const port = fixedPort ?? (await freePort());
  const child = spawn(process.execPath, ['--import', 'tsx', SERVER], {
    env: {
      ...process.env,
      NODE_ENV: 'test',
      HOST: '127.0.0.1',
      PORT: String(port),
      SERVE_WEB: 'false',
      LOG_LEVEL: 'warn',
      DEMO_SEED: 'false',
      QUOTES_INGEST: 'off',
      CEP_UPSTREAM: 'off',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk) => (output += chunk));
  child.stderr?.on('data', (chunk) => (output += chunk));
  const url = `http://127.0.0.1:${port}`;
  const stop = async () => {
    if (child.exitCode !== null) return child.exitCode;
    child.kill('SIGTERM');
    const [code] = await once(child, 'exit');
    return code as number | null;
  };
  // Generous: a start compiles the server with tsx, which takes tens of seconds on a busy 2-core machine.
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}:\n${output}`);
    try {
      if ((await fetch(`${url}/readyz`)).ok) return { child, url, output: () => output, stop };
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
  child.kill('SIGKILL');
  throw new Error(`server did not become ready:\n${output}`);
}
