import { describe, expect, it } from 'vitest';
import { type SourceHealthLog, SourceHealthRegistry } from './source-health.ts';

/** A logger that keeps what it was told. */
function recordingLog() {
  const lines: { level: string; fields: Record<string, unknown>; message: string }[] = [];
  const log: SourceHealthLog = {
    warn: (fields, message) => lines.push({ level: 'warn', fields, message }),
    info: (fields, message) => lines.push({ level: 'info', fields, message }),
  };
  return { log, lines };
}

describe('the source health registry’s log', () => {
  it('tells operators when a circuit opens, with the last error, and when it closes again', () => {
    const { log, lines } = recordingLog();
    const registry = new SourceHealthRegistry(log);
    registry.register({ name: 'viacep', api: 'cep', cadenceMs: 60_000, onDemand: true });
    registry.recordFailure('viacep', 'network: ENOTFOUND');
    registry.setCircuit('viacep', 'open');
    // The same state again says nothing new.
    registry.setCircuit('viacep', 'open');
    registry.setCircuit('viacep', 'half-open');
    registry.setCircuit('viacep', 'closed');
    expect(lines).toEqual([
      {
        level: 'warn',
        fields: { source: 'viacep', api: 'cep', circuit: 'open', lastError: 'network: ENOTFOUND' },
        message: 'data source circuit opened: requests to it are suspended',
      },
      {
        level: 'info',
        fields: { source: 'viacep', api: 'cep', circuit: 'half-open', lastError: 'network: ENOTFOUND' },
        message: 'data source circuit half-open: trying it again',
      },
      {
        level: 'info',
        fields: { source: 'viacep', api: 'cep', circuit: 'closed', lastError: 'network: ENOTFOUND' },
        message: 'data source circuit closed: back to normal',
      },
    ]);
    // What the public status no longer shows stays readable here.
    expect(registry.list()[0]).toMatchObject({ circuit: 'closed', lastError: 'network: ENOTFOUND' });
  });
});
