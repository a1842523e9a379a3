import { describe, expect, it } from 'vitest';
import { readTryItInput } from './try-it-input.ts';

describe('readTryItInput', () => {
  it('reads a CEP with or without its dash, and refuses anything else', () => {
    expect(readTryItInput('cep', ' 01001-000 ')).toEqual({ ok: true, value: '01001000' });
    expect(readTryItInput('cep', '01001000')).toEqual({ ok: true, value: '01001000' });
    for (const bad of ['', '0100-1000', '01001-00', 'abcde-fgh', '01001-000/../x']) {
      expect(readTryItInput('cep', bad)).toEqual({ ok: false, messageKey: 'quickStart.tryIt.invalidCep' });
    }
  });

  it('reads comma-separated pairs in capitals, and refuses a malformed pair or more than 30', () => {
    expect(readTryItInput('quotes', 'usd-brl, eur-brl')).toEqual({ ok: true, value: 'USD-BRL,EUR-BRL' });
    expect(readTryItInput('quotes', 'USD-BRLPTAX')).toEqual({ ok: true, value: 'USD-BRLPTAX' });
    const tooMany = Array.from({ length: 31 }, () => 'USD-BRL').join(',');
    for (const bad of ['', 'USD', 'USD-BRL,', 'USD-BRL-EUR', '1SD-BRL', 'USD-BRL/../x', tooMany]) {
      expect(readTryItInput('quotes', bad)).toEqual({
        ok: false,
        messageKey: 'quickStart.tryIt.invalidPairs',
      });
    }
  });
});
