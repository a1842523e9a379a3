import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { escapeXml, xmlDocument } from '../../lib/xml.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { QuoteBook } from './book.ts';
import { NAMED_CODES } from './currency-names.ts';
import { RESPONSE_CACHE_SIZE } from './limits.ts';
import { QuoteService } from './quote-service.ts';
import { loadBundledData } from './sources/bundled-data.ts';

let test: TestApp;
const get = (url: string) => test.app.inject({ method: 'GET', url });

beforeAll(async () => {
  test = await createTestApp();
});
afterAll(() => test.close());

describe('hostile input', () => {
  it('echoes markup only inside a JSON body the browser will not sniff', async () => {
    const response = await get('/quotes/json/last/%3Cscript%3Ealert(1)%3C%2Fscript%3E-BRL');
    expect(response.statusCode).toBe(400);
    expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.json().code).toBe('InvalidPair');
  });

  it('never lets a CR/LF in the path reach a header', async () => {
    const response = await get('/quotes/json/last/USD-BRL%0D%0AX-Injected:%201');
    expect(response.statusCode).toBe(400);
    expect(response.headers['x-injected']).toBeUndefined();
  });

  it('cuts echoed input short and replaces control characters', async () => {
    const response = await get(`/quotes/json/last/${'A'.repeat(60)}%01-BRL`);
    expect(response.statusCode).toBe(400);
    const { message } = response.json() as { message: string };
    expect([...message].some((char) => char.charCodeAt(0) < 0x20)).toBe(false);
    expect(message.length).toBeLessThan(150);
  });

  it('answers a pair only with element names from the currency table in XML', async () => {
    const xml = (await get('/quotes/xml/last/USD-BRL,BTC-EUR')).body;
    const names = [...xml.matchAll(/<\/?([^>\s?]+)>/g)].map((match) => match[1]);
    expect(new Set(names)).toEqual(
      new Set([
        'xml',
        'USDBRL',
        'BTCEUR',
        'code',
        'codein',
        'name',
        'high',
        'low',
        'varBid',
        'pctChange',
        'bid',
        'ask',
        'timestamp',
        'create_date',
      ]),
    );
  });
});

describe('XML text', () => {
  it('escapes the five markup characters', () => {
    expect(escapeXml(`<a href="x">&'</a>`)).toBe('&lt;a href=&quot;x&quot;&gt;&amp;&apos;&lt;/a&gt;');
    expect(xmlDocument([['USD', escapeXml('A & B')]])).toBe(
      '<?xml version="1.0" encoding="UTF-8"?>\n<xml><USD>A &amp; B</USD></xml>\n',
    );
  });
});

describe('prepared answers', () => {
  it('stay bounded however many different pair lists clients ask for', () => {
    const book = new QuoteBook();
    book.apply(loadBundledData().observations);
    const service = new QuoteService(book, 0);
    const codes = [...NAMED_CODES].filter((code) => service.catalog().codes.has(code));
    let asked = 0;
    for (const from of codes) {
      for (const to of codes) {
        if (from === to) continue;
        service.last(`${from}-${to}`, 'json');
        asked++;
        if (asked > RESPONSE_CACHE_SIZE + 200) break;
      }
      if (asked > RESPONSE_CACHE_SIZE + 200) break;
    }
    expect(asked).toBeGreaterThan(RESPONSE_CACHE_SIZE);
    expect(service.cachedAnswers).toBe(RESPONSE_CACHE_SIZE);
  });

  it('are rebuilt when the data changes', () => {
    const book = new QuoteBook();
    book.apply(loadBundledData().observations);
    const service = new QuoteService(book, 0);
    const before = service.last('USD-BRL', 'json').body;
    book.apply([
      {
        source: 'currency-api',
        base: 'USD',
        quote: 'BRL',
        day: '2026-09-30',
        bar: {
          open: 5.3,
          openAt: 0,
          high: 5.3,
          low: 5.3,
          close: 5.3,
          ask: null,
          asOf: Date.parse('2026-09-30T00:00:00Z'),
        },
      },
    ]);
    const after = service.last('USD-BRL', 'json').body;
    expect(after).not.toBe(before);
    expect(JSON.parse(after).USDBRL.bid).toBe('5.3');
  });
});
