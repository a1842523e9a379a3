import { randomInt } from 'node:crypto';
import { isValidTaxId } from '@cotacep/shared/tax-id';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { cepMunicipalities } from '#server/db/schema/cep-municipalities.ts';
import { nfseTestNumbers } from '#server/db/schema/nfse-test-numbers.ts';
import { renderDanfse } from './danfse.ts';
import type { DpsInput, IssueOutcome, NfseIssuer } from './issuer.ts';
import { createAccessKey, type NationalNota, renderNfseXml } from './national-layout.ts';
import { getProviderIdentity } from './provider.ts';

/**
 * A valid CNPJ the test issuer always refuses as the taker's, as a real one refuses a CNPJ unknown to the
 * Receita Federal: how test mode shows a rejected nota (decision 038), like its declined test cards.
 */
export const TEST_REJECTED_TAX_ID = '99999999000191';

const VERIFICATION_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

/** The next number of the provider's sequence: one atomic upsert, safe on any number of instances. */
async function takeNumber(db: Db, cnpj: string): Promise<number> {
  const [row] = await db
    .insert(nfseTestNumbers)
    .values({ providerCnpj: cnpj, lastNumber: 1 })
    .onConflictDoUpdate({
      target: nfseTestNumbers.providerCnpj,
      set: { lastNumber: sql`${nfseTestNumbers.lastNumber} + 1` },
    })
    .returning({ number: nfseTestNumbers.lastNumber });
  if (!row) throw new Error('the test issuer could not take a number');
  return row.number;
}

async function findMunicipalityName(db: Db, code: string, fallback: string): Promise<string> {
  const [row] = await db
    .select({ name: cepMunicipalities.name })
    .from(cepMunicipalities)
    .where(eq(cepMunicipalities.ibge, code));
  return row?.name ?? fallback;
}

/** Why the national system would refuse this DPS, as the few rules the test issuer checks. */
function findRejection(dps: DpsInput): string | null {
  const taker = dps.taker;
  if (dps.amount <= 0) return 'O valor do serviço deve ser maior que zero.';
  if (taker && taker.kind !== 'foreign' && !isValidTaxId(taker.taxId))
    return `O ${taker.kind.toUpperCase()} do tomador (${taker.taxId}) não é válido: os dígitos verificadores não conferem.`;
  if (taker?.taxId === TEST_REJECTED_TAX_ID)
    return `O CNPJ do tomador (${TEST_REJECTED_TAX_ID}) não consta no cadastro da Receita Federal (rejeição simulada pelo emissor de teste).`;
  return null;
}

/**
 * The embedded issuer of test mode (NFSE_ISSUER=test, the default): numbered notas in the national layout,
 * marked homologação and "sem valor fiscal", with a DANFSe-like PDF. Synchronous: it answers issued or
 * rejected at once, so it never has anything to be polled about.
 */
export function createTestIssuer(options: { db: Db; now?: () => Date }): NfseIssuer {
  const { db, now = () => new Date() } = options;
  return {
    name: 'test',
    async issue(dps): Promise<IssueOutcome> {
      const rejection = findRejection(dps);
      if (rejection) return { status: 'rejected', reason: rejection };
      const number = await takeNumber(db, dps.provider.cnpj);
      const processedAt = now();
      const provider = getProviderIdentity(dps.provider.municipality);
      const nota: NationalNota = {
        dps,
        number,
        processedAt,
        provider,
        accessKey: createAccessKey({
          municipality: dps.provider.municipality,
          cnpj: dps.provider.cnpj,
          number,
          issuedAt: processedAt,
          randomCode: String(randomInt(0, 1_000_000_000)),
        }),
        verificationCode: Array.from(
          { length: 9 },
          () => VERIFICATION_ALPHABET[randomInt(VERIFICATION_ALPHABET.length)],
        ).join(''),
        municipalityName: await findMunicipalityName(db, dps.provider.municipality, provider.address.city),
      };
      return {
        status: 'issued',
        number: String(number),
        verificationCode: nota.verificationCode,
        accessKey: nota.accessKey,
        issuedAt: processedAt,
        xml: renderNfseXml(nota),
        pdf: renderDanfse(nota),
      };
    },
    async poll() {
      return { status: 'unknown' };
    },
    async cancel() {
      return { status: 'cancelled' };
    },
  };
}
