import type { Identity } from '../auth/identity.ts';
import { createOAuthClients, type OAuthClients } from './providers.ts';

/** The identity context with the configured social sign-in clients: auth itself never needs them. */
export type OAuthIdentity = Identity & { oauth: OAuthClients };

export function withOAuth(identity: Identity): OAuthIdentity {
  return { ...identity, oauth: createOAuthClients(identity.config) };
}
