import { countDistinct, desc, eq, lte, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { type CepAddressSource, cepAddresses } from '../../db/schema/cep-addresses.ts';
import { cepMunicipalities } from '../../db/schema/cep-municipalities.ts';
import { cepRanges } from '../../db/schema/cep-ranges.ts';
import type { AddressRecord, Municipality } from './answer.ts';

export type StoredAddress = AddressRecord & { source: CepAddressSource };

export type NewAddress = Omit<AddressRecord, 'municipality'> & {
  complement: string;
  source: CepAddressSource;
};

/** 26 states and the Federal District. */
const BRAZILIAN_STATES = 27;

const municipalityColumns = {
  ibge: cepMunicipalities.ibge,
  name: cepMunicipalities.name,
  uf: cepMunicipalities.uf,
  ddd: cepMunicipalities.ddd,
  lat: cepMunicipalities.lat,
  lng: cepMunicipalities.lng,
};

export type CepRepository = ReturnType<typeof createCepRepository>;

/** The CEP tables, read and written the ways the lookup needs. CEPs are 8-digit strings. */
export function createCepRepository(db: Db) {
  return {
    async findAddress(cep: string): Promise<StoredAddress | null> {
      const [row] = await db
        .select({ address: cepAddresses, municipality: municipalityColumns })
        .from(cepAddresses)
        .leftJoin(cepMunicipalities, eq(cepMunicipalities.ibge, cepAddresses.ibge))
        .where(eq(cepAddresses.cep, cep))
        .limit(1);
      if (!row) return null;
      const { address, municipality } = row;
      return { ...address, municipality: municipality?.ibge ? (municipality as Municipality) : null };
    },

    /** The municipality whose CEP range holds this CEP, if any. */
    async findMunicipalityByCep(cep: string): Promise<Municipality | null> {
      const value = Number(cep);
      const [row] = await db
        .select({ ...municipalityColumns, cepEnd: cepRanges.cepEnd })
        .from(cepRanges)
        .innerJoin(cepMunicipalities, eq(cepMunicipalities.ibge, cepRanges.ibge))
        .where(lte(cepRanges.cepStart, value))
        .orderBy(desc(cepRanges.cepStart))
        .limit(1);
      if (!row || row.cepEnd < value) return null;
      const { cepEnd: _end, ...municipality } = row;
      return municipality;
    },

    /** Whether the imported ranges reach all 27 federative units (a full import, not the demo's few capitals). */
    async coversEveryState(): Promise<boolean> {
      const [row] = await db
        .select({ states: countDistinct(cepMunicipalities.uf) })
        .from(cepRanges)
        .innerJoin(cepMunicipalities, eq(cepMunicipalities.ibge, cepRanges.ibge));
      return (row?.states ?? 0) >= BRAZILIAN_STATES;
    },

    async findMunicipality(ibge: string): Promise<Municipality | null> {
      const [row] = await db
        .select(municipalityColumns)
        .from(cepMunicipalities)
        .where(eq(cepMunicipalities.ibge, ibge))
        .limit(1);
      return row ?? null;
    },

    /** Stores an upstream answer; a record that appeared meanwhile (an import, a sibling) is refreshed. */
    async saveAddress(address: NewAddress): Promise<void> {
      const values = {
        cep: address.cep,
        street: address.street,
        complement: address.complement,
        district: address.district,
        city: address.city,
        uf: address.uf,
        ibge: address.ibge,
        ddd: address.ddd,
        lat: address.lat,
        lng: address.lng,
        source: address.source,
      };
      await db
        .insert(cepAddresses)
        .values(values)
        .onConflictDoUpdate({
          target: cepAddresses.cep,
          set: { ...values, fetchedAt: sql`now()` },
          // An imported record outranks a cached upstream answer.
          setWhere: sql`${cepAddresses.source} <> 'import'`,
        });
    },
  };
}
