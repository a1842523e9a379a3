import { type ChildProcess, execFileSync, spawn, spawnSync } from 'node:child_process';
import { once } from 'node:events';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';

/** The nginx configuration shipped in deploy/, the one the test proves. */
export const SHIPPED_NGINX_CONF = path.resolve(import.meta.dirname, '../../../../../deploy/nginx/nginx.conf');

/** Debian's nginx (`apt-get install nginx`, as .ci/run does), or the one on PATH; null when absent. */
export function findNginx(): string | null {
  const directories = ['/usr/sbin', ...(process.env.PATH ?? '').split(':')];
  return directories.map((dir) => path.join(dir, 'nginx')).find((file) => existsSync(file)) ?? null;
}

/** The `fail_timeout` of the shipped upstream: how long nginx leaves an instance out after a refusal. */
export function upstreamFailTimeoutMs(): number {
  const seconds = /fail_timeout=(\d+)s/.exec(readFileSync(SHIPPED_NGINX_CONF, 'utf8'))?.[1];
  if (!seconds) throw new Error('deploy/nginx/nginx.conf: no fail_timeout=<n>s in the upstream');
  return Number(seconds) * 1_000;
}

type Placement = { dir: string; httpPort: number; httpsPort: number; upstreamPorts: [number, number] };

/** Replaces `from` exactly `times` times, so a shipped file that drifted from the test fails it loudly. */
function replaceExactly(text: string, from: string, to: string, times = 1): string {
  const found = text.split(from).length - 1;
  if (found !== times)
    throw new Error(`deploy/nginx/nginx.conf: expected "${from}" ${times}×, found ${found}×`);
  return text.split(from).join(to);
}

/**
 * The shipped configuration for this machine: loopback ports instead of 80 and 443, the two instances'
 * loopback addresses instead of the compose services, and every file (pid, logs, cache, certificate, temp
 * files) inside `dir`, so nginx runs unprivileged. Nothing else changes.
 */
export function renderNginxConfig(shipped: string, { dir, httpPort, httpsPort, upstreamPorts }: Placement) {
  const [first, second] = upstreamPorts;
  const replacements: [string, string, number?][] = [
    ['pid /var/run/nginx.pid;', `pid ${dir}/nginx.pid;`],
    ['/var/log/nginx/', `${dir}/`, 2],
    ['/var/cache/nginx/', `${dir}/cache/`],
    ['/etc/nginx/tls/', `${dir}/tls/`, 2],
    ['root /var/www/acme;', `root ${dir}/acme;`],
    ['server cotacep-1:3000 ', `server 127.0.0.1:${first} `],
    ['server cotacep-2:3000 ', `server 127.0.0.1:${second} `],
    ['listen 80;', `listen 127.0.0.1:${httpPort};`],
    ['listen [::]:80;', ''],
    ['listen 443 ssl http2;', `listen 127.0.0.1:${httpsPort} ssl http2;`],
    ['listen [::]:443 ssl http2;', ''],
  ];
  let text = shipped;
  for (const [from, to, times] of replacements) text = replaceExactly(text, from, to, times);
  const temp = ['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi']
    .map((kind) => `  ${kind}_temp_path ${dir}/temp-${kind};`)
    .join('\n');
  return replaceExactly(text, 'http {\n', `http {\n${temp}\n`);
}

/** A self-signed certificate for 127.0.0.1, where the shipped file expects the real one. */
export function writeTestCertificate(dir: string): Buffer {
  mkdirSync(path.join(dir, 'tls'), { recursive: true });
  const cert = path.join(dir, 'tls/fullchain.pem');
  execFileSync('openssl', [
    'req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes', '-days', '2',
    '-subj', '/CN=localhost', '-addext', 'subjectAltName=IP:127.0.0.1,DNS:localhost',
    '-keyout', path.join(dir, 'tls/privkey.pem'), '-out', cert,
  ], { stdio: 'ignore' }); // biome-ignore format: one flag and its value per pair
  return readFileSync(cert);
}

export type NginxProcess = {
  httpPort: number;
  /** `nginx -t`'s verdict and its output. */
  check: { ok: boolean; output: string };
  accessLog(): Record<string, string | number>[];
  stop(): Promise<void>;
};

async function waitForPort(port: number, child: ChildProcess, output: () => string) {
  const deadline = Date.now() + 15_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`nginx exited with ${child.exitCode}:\n${output()}`);
    const connected = await new Promise<boolean>((resolve) => {
      const socket = net.connect(port, '127.0.0.1', () => resolve(true)).on('error', () => resolve(false));
      socket.unref();
      setTimeout(() => socket.destroy(), 1_000);
    });
    if (connected) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`nginx did not listen on ${port}:\n${output()}`);
}

/** Renders the shipped file into `dir`, checks it with `nginx -t`, then runs nginx in the foreground. */
export async function startNginx(binary: string, placement: Placement): Promise<NginxProcess> {
  const { dir } = placement;
  // Run as root (a CI container), nginx's workers drop to `nobody`: they must reach the files in `dir`.
  chmodSync(dir, 0o755);
  for (const sub of ['acme', 'cache']) mkdirSync(path.join(dir, sub), { recursive: true });
  const conf = path.join(dir, 'nginx.conf');
  writeFileSync(conf, renderNginxConfig(readFileSync(SHIPPED_NGINX_CONF, 'utf8'), placement));
  const args = ['-p', dir, '-c', conf];
  const test = spawnSync(binary, [...args, '-t'], { encoding: 'utf8' });
  const check = { ok: test.status === 0, output: `${test.stdout}${test.stderr}` };
  if (!check.ok) throw new Error(`nginx -t refused the shipped configuration:\n${check.output}`);
  const child = spawn(binary, [...args, '-g', 'daemon off;'], { stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout?.on('data', (chunk) => (output += chunk));
  child.stderr?.on('data', (chunk) => (output += chunk));
  await waitForPort(placement.httpsPort, child, () => output);
  return {
    httpPort: placement.httpPort,
    check,
    accessLog: () =>
      readFileSync(path.join(dir, 'access.log'), 'utf8')
        .split('\n')
        .filter(Boolean)
        .map((line) => JSON.parse(line) as Record<string, string | number>),
    async stop() {
      if (child.exitCode !== null) return;
      child.kill('SIGQUIT');
      await once(child, 'exit');
    },
  };
}
