import type Stripe from 'stripe';
import { fixture, newId, nowSeconds } from './test-stripe-objects.ts';
import { list, listParam, notFound, type Reply, type TestStripeState } from './test-stripe-routes.ts';

const ADDRESS_FIELDS = ['line1', 'line2', 'city', 'state', 'postal_code', 'country'] as const;

/** `address[line1]`… as Stripe reads them; null when the call sends none. */
function readAddress(params: URLSearchParams): Stripe.Address | null {
  if (!ADDRESS_FIELDS.some((field) => params.has(`address[${field}]`))) return null;
  const address = Object.fromEntries(
    ADDRESS_FIELDS.map((field) => [field, params.get(`address[${field}]`) || null]),
  );
  return address as unknown as Stripe.Address;
}

function newTaxId(customer: string, type: string, value: string): Stripe.TaxId {
  return {
    id: newId('txi'),
    object: 'tax_id',
    country: 'BR',
    created: nowSeconds(),
    customer,
    livemode: false,
    owner: null,
    type: type as Stripe.TaxId.Type,
    value,
    verification: null,
  } as Stripe.TaxId;
}

/**
 * Stripe's customer calls the portal makes: create (with `tax_id_data`), update, and a customer's tax ids
 * (list, create, delete), as Stripe answers them. Undefined for any other call (`routeStripeRequest`'s).
 */
export function routeCustomerRequest(
  state: TestStripeState,
  method: string,
  path: string,
  params: URLSearchParams,
): Reply | undefined {
  const { customers, taxIds } = state;
  if (method === 'POST' && path === '/v1/customers') {
    const customer: Stripe.Customer = {
      ...fixture<Stripe.Customer>('customer'),
      id: newId('cus'),
      created: nowSeconds(),
      email: params.get('email'),
      name: params.get('name'),
      address: readAddress(params),
      preferred_locales: listParam(params, 'preferred_locales'),
      metadata: { organizationId: params.get('metadata[organizationId]') ?? '' },
    };
    customers.set(customer.id, customer);
    for (let index = 0; params.has(`tax_id_data[${index}][type]`); index += 1) {
      const taxId = newTaxId(
        customer.id,
        params.get(`tax_id_data[${index}][type]`) ?? '',
        params.get(`tax_id_data[${index}][value]`) ?? '',
      );
      taxIds.set(taxId.id, taxId);
    }
    return { status: 200, body: customer };
  }
  const match = /^\/v1\/customers\/(cus_[^/]+)(\/tax_ids(?:\/(txi_[^/]+))?)?$/.exec(path);
  if (!match) return undefined;
  const [, customerId = '', taxIdsPath, taxIdId] = match;
  const customer = customers.get(customerId);
  if (!customer) return notFound('customer');
  const ofCustomer = [...taxIds.values()].filter((taxId) => taxId.customer === customerId);
  switch (`${method} ${taxIdsPath ? (taxIdId ? 'tax_id' : 'tax_ids') : 'customer'}`) {
    case 'POST customer': {
      for (const field of ['email', 'name'] as const) {
        if (params.has(field)) customer[field] = params.get(field);
      }
      customer.address = readAddress(params) ?? customer.address;
      return { status: 200, body: customer };
    }
    case 'GET tax_ids':
      return { status: 200, body: list(ofCustomer, path) };
    case 'POST tax_ids': {
      const taxId = newTaxId(customerId, params.get('type') ?? '', params.get('value') ?? '');
      taxIds.set(taxId.id, taxId);
      return { status: 200, body: taxId };
    }
    case 'DELETE tax_id': {
      if (!taxIds.delete(taxIdId ?? '')) return notFound('tax_id');
      return { status: 200, body: { id: taxIdId, object: 'tax_id', deleted: true } };
    }
    default:
      return undefined;
  }
}

/** The tax ids a customer has at the test server, as `type value`. */
export function taxIdsOf(state: Pick<TestStripeState, 'taxIds'>, customerId: string): string[] {
  return [...state.taxIds.values()]
    .filter((taxId) => taxId.customer === customerId)
    .map((taxId) => `${taxId.type} ${taxId.value}`);
}
