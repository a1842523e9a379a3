import type { TokenSet } from '@cotacep/shared/auth-responses';
import type { Invitation, OrganizationList } from '@cotacep/shared/organization-schemas';
import type { Role } from '@cotacep/shared/roles';
import type { PortalServer } from './portal-server.ts';

/** The user's default organization (the one they founded on signing up), through the API. */
export async function getDefaultOrganizationId(server: PortalServer, token: string): Promise<string> {
  const { body } = await server.call<OrganizationList>('GET', '/organizations', undefined, token);
  const found = body.items.find((item) => item.isDefault);
  if (!found) throw new Error(`no default organization: ${JSON.stringify(body)}`);
  return found.id;
}

/** Invites `email` with `role` through the API, as the Members tab would. */
export async function invite(
  server: PortalServer,
  token: string,
  organizationId: string,
  email: string,
  role: Role,
): Promise<Invitation> {
  const sent = await server.call<Invitation>(
    'POST',
    `/organizations/${organizationId}/invitations`,
    { email, role },
    token,
  );
  if (sent.status !== 201) throw new Error(`invitation refused: ${JSON.stringify(sent.body)}`);
  return sent.body;
}

/** The token of the newest invitation link e-mailed to `email` (`…/invitations/accept#token=…`). */
export async function readInvitationToken(server: PortalServer, email: string): Promise<string> {
  const { body } = await server.call<{ messages: { text: string }[] }>(
    'GET',
    `/dev/mailbox?${new URLSearchParams({ to: email })}`,
  );
  for (const message of body.messages) {
    const token = /\/invitations\/accept#token=([\w-]+)/.exec(message.text)?.[1];
    if (token) return token;
  }
  throw new Error(`no invitation link for ${email}`);
}

/**
 * A new user who joined `organizationId` with `role`: invited by the owner, signed up and accepted through
 * the API, as another browser would.
 */
export async function addMember(
  server: PortalServer,
  ownerToken: string,
  organizationId: string,
  email: string,
  role: Role,
  names?: { firstName: string; lastName: string },
): Promise<TokenSet> {
  await invite(server, ownerToken, organizationId, email, role);
  const member = await server.createUser(email, undefined, undefined, names);
  const accepted = await server.call(
    'POST',
    '/invitations/accept',
    { token: await readInvitationToken(server, email) },
    member.accessToken,
  );
  if (accepted.status !== 200) throw new Error(`accept refused: ${JSON.stringify(accepted.body)}`);
  return member;
}
