import type { CepAddress } from '@cotacep/shared/cep';
import type { CepRepository } from '../repository.ts';
import type { CepService } from '../service.ts';

type Expected = Pick<CepAddress, 'cep' | 'city' | 'state' | 'city_ibge' | 'ddd'>;

/** The CEPs the issue measures, with what the reference data must answer for each. */
export const MEASURED_CEPS: Expected[] = [
  { cep: '01001000', city: 'São Paulo', state: 'SP', city_ibge: '3550308', ddd: '11' },
  { cep: '20040020', city: 'Rio de Janeiro', state: 'RJ', city_ibge: '3304557', ddd: '21' },
  { cep: '70040010', city: 'Brasília', state: 'DF', city_ibge: '5300108', ddd: '61' },
  { cep: '30130010', city: 'Belo Horizonte', state: 'MG', city_ibge: '3106200', ddd: '31' },
  { cep: '40020000', city: 'Salvador', state: 'BA', city_ibge: '2927408', ddd: '71' },
];

export type CheckLine = {
  expected: Expected;
  got: CepAddress | null;
  source: string | null;
  /** The municipality the CEP ranges give, checked too: it is the answer when no street record exists. */
  rangeIbge: string | null;
  isOk: boolean;
};

/**
 * Looks each measured CEP up through the real lookup and compares city, state, IBGE code and DDD;
 * then checks that the ranges alone lead to the same municipality.
 */
export async function checkMeasuredCeps(
  service: CepService,
  repository: CepRepository,
): Promise<CheckLine[]> {
  const lines: CheckLine[] = [];
  for (const expected of MEASURED_CEPS) {
    const { answer, source } = await service.lookup(expected.cep);
    const byRange = await repository.findMunicipalityByCep(expected.cep);
    const isOk =
      answer !== null &&
      (Object.keys(expected) as (keyof Expected)[]).every((field) => answer[field] === expected[field]) &&
      byRange?.ibge === expected.city_ibge &&
      byRange.name === expected.city &&
      byRange.ddd === expected.ddd;
    lines.push({ expected, got: answer, source, rangeIbge: byRange?.ibge ?? null, isOk });
  }
  return lines;
}

export function describeCheckLine({ expected, got, source, rangeIbge, isOk }: CheckLine): string {
  const want = `${expected.city}/${expected.state} ${expected.city_ibge} DDD ${expected.ddd}`;
  const have = got ? `${got.city}/${got.state} ${got.city_ibge} DDD ${got.ddd} (${source})` : 'not found';
  return `${isOk ? 'ok  ' : 'FAIL'} ${expected.cep}  expected ${want}  got ${have}; range → ${rangeIbge ?? 'none'}`;
}
