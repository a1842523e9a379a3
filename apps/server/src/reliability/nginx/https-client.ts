import https from 'node:https';

export type Answer = { status: number; headers: Record<string, string | string[] | undefined>; body: Buffer };

type RequestOptions = {
  method?: string;
  headers?: Record<string, string>;
  body?: unknown;
};

/**
 * A client of the test's nginx over TLS, trusting the test's own certificate, from a loopback address of
 * its own (127.0.0.3): nginx reaches the instances from 127.0.0.1, so an instance that sees 127.0.0.3
 * took it from X-Forwarded-For. Bodies are left as sent (no decompression), so encodings can be checked.
 */
export function createHttpsClient(origin: string, ca: Buffer, localAddress = '127.0.0.3') {
  const agent = new https.Agent({ ca, keepAlive: true, maxSockets: 64 });
  function request(path: string, { method = 'GET', headers = {}, body }: RequestOptions = {}) {
    const payload = body === undefined ? undefined : Buffer.from(JSON.stringify(body));
    return new Promise<Answer>((resolve, reject) => {
      const outgoing = https.request(
        new URL(path, origin),
        {
          method,
          agent,
          localAddress,
          headers: {
            ...(payload ? { 'content-type': 'application/json', 'content-length': payload.length } : {}),
            ...headers,
          },
        },
        (response) => {
          const chunks: Buffer[] = [];
          response.on('data', (chunk: Buffer) => chunks.push(chunk));
          response.on('end', () =>
            resolve({
              status: response.statusCode ?? 0,
              headers: response.headers,
              body: Buffer.concat(chunks),
            }),
          );
          response.on('error', reject);
        },
      );
      outgoing.on('error', reject);
      outgoing.end(payload);
    });
  }
  return {
    request,
    async json(path: string, options: RequestOptions = {}) {
      const answer = await request(path, options);
      return {
        ...answer,
        json: JSON.parse(answer.body.toString('utf8') || 'null') as Record<string, unknown>,
      };
    },
    close: () => agent.destroy(),
  };
}

export type HttpsClient = ReturnType<typeof createHttpsClient>;
