import { describe, expect, it } from 'vitest';
import { buildCodeExample, CODE_LANGUAGES, KEY_PLACEMENTS } from './code-examples.ts';

const base = { origin: 'https://cotacep.example', token: 'ck_pub_SECRET' } as const;

describe('buildCodeExample', () => {
  it('puts the key in the x-api-key header or the token parameter, in every language and for both APIs', () => {
    for (const language of CODE_LANGUAGES) {
      for (const api of ['quotes', 'cep'] as const) {
        const input = api === 'quotes' ? 'USD-BRL' : '01001000';
        const path = api === 'quotes' ? '/quotes/json/last/USD-BRL' : '/cep/json/01001000';
        for (const placement of KEY_PLACEMENTS) {
          const code = buildCodeExample({ ...base, api, language, placement, input });
          expect(code).toContain(`https://cotacep.example${path}`);
          expect(code).toContain('ck_pub_SECRET');
          if (placement === 'header') expect(code).toMatch(/x-api-key/);
          else expect(code).toMatch(/token/);
          if (placement === 'query') expect(code).not.toMatch(/x-api-key/);
        }
      }
    }
  });

  it('prints a field the answer carries', () => {
    const quotes = { ...base, api: 'quotes', input: 'USD-BRL', placement: 'header' } as const;
    expect(buildCodeExample({ ...quotes, language: 'javascript' })).toContain(
      'console.log(data.USDBRL.bid);',
    );
    expect(buildCodeExample({ ...quotes, language: 'python' })).toContain('print(data["USDBRL"]["bid"])');
    const cep = { ...base, api: 'cep', input: '01001000', placement: 'query' } as const;
    expect(buildCodeExample({ ...cep, language: 'php' })).toContain('echo $data["address"], PHP_EOL;');
    expect(buildCodeExample({ ...cep, language: 'curl' })).toBe(
      'curl "https://cotacep.example/cep/json/01001000?token=ck_pub_SECRET"',
    );
  });

  it('calls through @cotacep/client in TypeScript, the key where the placement says', () => {
    const quotes = { ...base, api: 'quotes', input: 'USD-BRL', language: 'typescript' } as const;
    expect(buildCodeExample({ ...quotes, placement: 'header' })).toBe(
      [
        'import { createCotacepClient } from "@cotacep/client";',
        '',
        '// GET https://cotacep.example/quotes/json/last/USD-BRL',
        '// x-api-key: …',
        'const cotacep = createCotacepClient({',
        '  baseUrl: "https://cotacep.example",',
        '  token: "ck_pub_SECRET",',
        '});',
        'const { data, meta } = await cotacep.quotes.last("USD-BRL");',
        'console.log(data.USDBRL.bid, meta.quotaRemaining);',
      ].join('\n'),
    );
    const cep = buildCodeExample({
      ...base,
      api: 'cep',
      input: '01001000',
      language: 'typescript',
      placement: 'query',
    });
    expect(cep).toContain('  tokenIn: "query",\n');
    expect(cep).toContain('await cotacep.cep.lookup("01001000");');
    expect(cep).toContain('console.log(data.address, meta.quotaRemaining);');
  });
});
