import type { NfseIssuerName } from './env.ts';

/** An address in Brazil as the national layout carries it (TCEndereco with endNac). */
export type DpsAddress = {
  street: string;
  number: string;
  complement: string;
  district: string;
  /** 7-digit IBGE code. */
  cityCode: string;
  city: string;
  state: string;
  /** 8 digits. */
  postalCode: string;
};

/**
 * Who takes the service (tomador): a CPF or CNPJ in Brazil, a foreign tax id (NIF) or none abroad. The address
 * only when its municipality's IBGE code is known (the layout needs it).
 */
export type DpsTaker = {
  kind: 'cpf' | 'cnpj' | 'foreign';
  /** Digits (or the alphanumeric CNPJ) in Brazil; as written abroad, possibly empty. */
  taxId: string;
  name: string;
  email: string | null;
  address: DpsAddress | null;
};

/**
 * What the provider declares to have served (the DPS, Declaração de Prestação de Serviço): everything an
 * issuer needs to issue the nota of one paid invoice. Built from the invoice, the organization's billing
 * details and the configuration by `dps.ts`.
 */
export type DpsInput = {
  /** Our idempotency key at the issuer (Focus NFe's `ref`): letters and digits only, one per invoice. */
  reference: string;
  /** The DPS's date and time (dhEmi). */
  issuedAt: Date;
  /** The month the service belongs to (dCompet, YYYY-MM-DD in Brasília time): the invoice's payment date. */
  competence: string;
  provider: {
    cnpj: string;
    municipalRegistration: string | null;
    /** 7-digit IBGE code where the nota is issued and the service provided. */
    municipality: string;
  };
  taker: DpsTaker | null;
  service: {
    /** LC 116/2003 item, e.g. "01.03". */
    lc116Item: string;
    /** cTribNac, e.g. "010301". */
    nationalTaxCode: string;
    description: string;
  };
  /** The invoice's amount in centavos. */
  amount: number;
  /** ISS rate in percent (2.00 = 2 %). */
  issRate: number;
};

/** A nota the issuer authorized, with its documents. */
export type IssuedNfse = {
  status: 'issued';
  number: string;
  verificationCode: string;
  /** The 50-digit national access key (chave de acesso), where the issuer gives one. */
  accessKey: string | null;
  issuedAt: Date;
  xml: string;
  pdf: Buffer;
};

/**
 * What an issuer answers about a DPS: issued; still processing (an asynchronous issuer: ask again later);
 * rejected with the issuer's reason (not retried until something changes); or, when polled, unknown to it
 * (it never received it).
 */
export type IssueOutcome =
  | IssuedNfse
  | { status: 'processing' }
  | { status: 'rejected'; reason: string }
  | { status: 'unknown' };

export type CancelOutcome = { status: 'cancelled' } | { status: 'rejected'; reason: string };

/** The nota to cancel, as the issuer knows it. */
export type IssuedReference = { reference: string; number: string; accessKey: string | null };

/**
 * One interface for the issuers (decision 038). Every method throws `IssuerUnavailableError` when the issuer
 * cannot be reached or fails on its side (5xx, a refused connection, a rate limit, our own credentials
 * refused): the worker keeps the nota pending and tries again with backoff.
 */
export type NfseIssuer = {
  name: NfseIssuerName;
  issue(dps: DpsInput): Promise<IssueOutcome>;
  /** How a DPS sent earlier went (an asynchronous issuer), by our reference. */
  poll(reference: string): Promise<IssueOutcome>;
  /** `reason` is the justificativa (15 to 255 characters). */
  cancel(nota: IssuedReference, reason: string): Promise<CancelOutcome>;
};

/** The issuer is down, unreachable or refused us for a reason the customer cannot fix: try again later. */
export class IssuerUnavailableError extends Error {
  override name = 'IssuerUnavailableError';
}
