import { describe, expect, it } from 'vitest';
import { escapeXml, toXml } from '../../lib/xml.ts';
import { splitStreet } from './address-split.ts';
import { addressAnswer } from './answer.ts';

describe('logradouro split', () => {
  it.each([
    ['Praça da Sé', 'Praça', 'da Sé'],
    ['Rua Caiubi', 'Rua', 'Caiubi'],
    ['Quadra SBN Quadra 1', 'Quadra', 'SBN Quadra 1'],
    ['Rodovia BR-364', 'Rodovia', 'BR-364'],
    ['  Avenida   Paulista ', 'Avenida', 'Paulista'],
    ['Contorno', '', 'Contorno'],
    ['', '', ''],
  ])('%j → type %j, name %j', (street, type, name) => {
    expect(splitStreet(street)).toEqual({ type, name });
  });
});

describe('answer', () => {
  const base = {
    cep: '01001000',
    street: 'Praça da Sé',
    district: 'Sé',
    city: 'São Paulo',
    uf: 'SP',
    ddd: null,
  };
  const city = { ibge: '3550308', name: 'São Paulo', uf: 'SP', ddd: '11', lat: -23.5329, lng: -46.6395 };

  it('uses the address point when it has one, else the city centre, never half of each', () => {
    const own = addressAnswer({ ...base, ibge: '3550308', lat: -23.55, lng: -46.63, municipality: city });
    expect([own.lat, own.lng]).toEqual(['-23.55', '-46.63']);
    const half = addressAnswer({ ...base, ibge: '3550308', lat: -23.55, lng: null, municipality: city });
    expect([half.lat, half.lng]).toEqual(['-23.5329', '-46.6395']);
  });

  it('leaves unknown values as empty strings', () => {
    const bare = addressAnswer({ ...base, ibge: null, lat: null, lng: null, municipality: null });
    expect(bare).toMatchObject({ lat: '', lng: '', city_ibge: '', ddd: '' });
  });
});

describe('XML', () => {
  it('escapes markup and drops characters XML cannot carry', () => {
    expect(escapeXml(`<a href="x">&'</a>\u0000\u0007\uD800ok`)).toBe(
      '&lt;a href=&quot;x&quot;&gt;&amp;&apos;&lt;/a&gt;ok',
    );
    expect(escapeXml('São Paulo 😀')).toBe('São Paulo 😀');
  });

  it('renders flat fields in order under <xml>', () => {
    expect(toXml({ status: 400, code: 'invalid' })).toBe(
      '<?xml version="1.0" encoding="UTF-8"?>\n<xml><status>400</status><code>invalid</code></xml>\n',
    );
  });
});
