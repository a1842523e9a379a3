import type { CepAddress } from '@cotacep/shared/cep';
import { splitStreet } from './address-split.ts';

export type Municipality = {
  ibge: string;
  name: string;
  uf: string;
  ddd: string;
  lat: number;
  lng: number;
};

/** A street-level record with what is known of its municipality (absent before any reference import). */
export type AddressRecord = {
  cep: string;
  street: string;
  district: string;
  city: string;
  uf: string;
  ibge: string | null;
  ddd: string | null;
  lat: number | null;
  lng: number | null;
  municipality: Municipality | null;
};

const coordinate = (value: number | null | undefined) => (value == null ? '' : String(value));

export function addressAnswer(record: AddressRecord): CepAddress {
  const { type, name } = splitStreet(record.street);
  const city = record.municipality;
  // Coordinates come as a pair: the address's own, else the city's centre.
  const hasOwnPoint = record.lat !== null && record.lng !== null;
  return {
    cep: record.cep,
    address_type: type,
    address_name: name,
    address: record.street.trim(),
    state: record.uf,
    district: record.district,
    lat: coordinate(hasOwnPoint ? record.lat : city?.lat),
    lng: coordinate(hasOwnPoint ? record.lng : city?.lng),
    city: record.city,
    city_ibge: record.ibge ?? city?.ibge ?? '',
    ddd: record.ddd || city?.ddd || '',
  };
}

/** The answer when only the municipality is known (from the CEP ranges): street fields empty. */
export function municipalityAnswer(cep: string, city: Municipality): CepAddress {
  return {
    cep,
    address_type: '',
    address_name: '',
    address: '',
    state: city.uf,
    district: '',
    lat: coordinate(city.lat),
    lng: coordinate(city.lng),
    city: city.name,
    city_ibge: city.ibge,
    ddd: city.ddd,
  };
}
