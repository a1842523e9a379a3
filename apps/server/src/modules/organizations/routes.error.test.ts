import { randomUUID } from 'node:crypto';
import { TEST_CARDS } from '@cotacep/shared/billing-schemas';
import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { organizationInvitations } from '#server/db/schema/organization-invitations.ts';
import { createAccount, createKey, GATEWAY_TEST_ENV, type TestAccount } from '#server/test/accounts.ts';
import { uniqueEmail } from '#server/test/auth-flows.ts';
import { createIdentityTestApp, type IdentityTestApp } from '#server/test/identity-app.ts';
import { FREE_ORGANIZATIONS_PER_OWNER } from './organizations-service.ts';
import { accept, callAs, invite, joinAs, preview } from './test-support/organization-client.ts';
import { membershipsOf, organizationState } from './test-support/organization-state.ts';

let test: IdentityTestApp;

beforeAll(async () => {
  test = await createIdentityTestApp(GATEWAY_TEST_ENV);
});
afterAll(() => test.close());

type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';
type Request = { method: Method; url: string; payload?: object; organizationId?: string };

/** What each refusal says, in both languages (the item 8). */
const MESSAGES = {
  OrganizationNotFound: { en: 'Organization not found.', 'pt-BR': 'Organização não encontrada.' },
  PermissionDenied: {
    en: 'Your role in this organization does not allow this. Ask an Owner or an Admin.',
    'pt-BR': 'Seu papel nesta organização não permite isto. Peça a um Proprietário ou Administrador.',
  },
  RoleNotAssignable: {
    en: 'Only an Owner can give, change or remove the Owner role.',
    'pt-BR': 'Só um Proprietário pode dar, mudar ou retirar o papel de Proprietário.',
  },
  LastOwner: {
    en: 'An organization keeps at least one Owner. Make another member an Owner first.',
    'pt-BR': 'Uma organização mantém ao menos um Proprietário. Torne outro membro Proprietário antes.',
  },
  AlreadyMember: {
    en: 'This address already belongs to a member or has a pending invitation.',
    'pt-BR': 'Este endereço já é de um membro ou tem um convite pendente.',
  },
  SeatLimitReached: {
    en: 'Your plan has no free seat (pending invitations count). Remove a member or revoke an invitation, or upgrade your plan.',
    'pt-BR':
      'Seu plano não tem assento livre (convites pendentes contam). Remova um membro ou revogue um convite, ou mude de plano.',
  },
  InvitationInvalid: {
    en: 'This invitation link expired, was revoked or was already used. Ask for a new invitation.',
    'pt-BR': 'Este link de convite expirou, foi revogado ou já foi usado. Peça um novo convite.',
  },
  InvitationForAnotherEmail: {
    en: 'This invitation was sent to another address. Sign out and sign in (or sign up) with the invited address.',
    'pt-BR':
      'Este convite foi enviado para outro endereço. Saia e entre (ou crie uma conta) com o endereço convidado.',
  },
  OrganizationLimitReached: {
    en: 'You already own as many Free organizations as allowed. Upgrade one of them, or delete one you no longer use.',
    'pt-BR':
      'Você já é proprietário do número máximo de organizações no Free. Mude uma delas de plano, ou exclua uma que não usa mais.',
  },
  OrganizationHasSubscription: {
    en: 'This organization has a paid subscription. Cancel it and wait for the period to end before deleting the organization.',
    'pt-BR':
      'Esta organização tem uma assinatura paga. Cancele-a e espere o fim do período antes de excluir a organização.',
  },
} as const;

const STATUS: Record<keyof typeof MESSAGES, number> = {
  OrganizationNotFound: 404,
  PermissionDenied: 403,
  RoleNotAssignable: 403,
  LastOwner: 409,
  AlreadyMember: 409,
  SeatLimitReached: 403,
  InvitationInvalid: 410,
  InvitationForAnotherEmail: 403,
  OrganizationLimitReached: 403,
  OrganizationHasSubscription: 409,
};

function expectRefusal(
  response: LightMyRequestResponse,
  code: keyof typeof MESSAGES,
  language: 'en' | 'pt-BR',
) {
  expect(response.statusCode, response.body).toBe(STATUS[code]);
  expect(response.json()).toMatchObject({ code, message: MESSAGES[code][language] });
}

/**
 * Sends the request in pt-BR and in English: each gets `code` with its message, and the organization's
 * members, invitations, keys and name are exactly as they were.
 */
async function expectRefusedInBothLanguages(
  who: Pick<TestAccount, 'headers'>,
  request: Request,
  code: keyof typeof MESSAGES,
  organizationId: string,
) {
  const before = await organizationState(test.database.db, organizationId);
  for (const language of ['pt-BR', 'en'] as const) {
    const { method, url, ...options } = request;
    expectRefusal(await callAs(test.app, who, method, url, { ...options, language }), code, language);
  }
  expect(await organizationState(test.database.db, organizationId)).toEqual(before);
}

const invitationsUrl = (organizationId: string) => `/api/organizations/${organizationId}/invitations`;
const memberUrl = (organizationId: string, userId: string) =>
  `/api/organizations/${organizationId}/members/${userId}`;

describe('invitations, bad input', () => {
  it.each([
    [
      { email: 'não é e-mail', role: 'viewer' },
      'email',
      'Por favor, informe um e-mail válido',
      'Please enter valid email',
    ],
    [{ email: '', role: 'viewer' }, 'email', 'Por favor, informe seu e-mail', 'Please enter your email'],
    [
      { email: 'ok@example.com', role: 'root' },
      'role',
      'Por favor, escolha um papel',
      'Please choose a role',
    ],
  ])('refuses %j on %s in both languages and invites no one', async (payload, path, portuguese, english) => {
    const owner = await createAccount(test.app, test.database.db);
    const before = await organizationState(test.database.db, owner.organizationId);
    for (const [language, message] of [
      ['pt-BR', portuguese],
      ['en', english],
    ] as const) {
      const response = await callAs(test.app, owner, 'POST', invitationsUrl(owner.organizationId), {
        payload,
        language,
      });
      expect(response.statusCode).toBe(400);
      expect(response.json().code).toBe('ZodError');
      expect(response.json().message[0]).toMatchObject({ path: [path], message });
    }
    expect(await organizationState(test.database.db, owner.organizationId)).toEqual(before);
    expect(test.smtp.countTo('ok@example.com')).toBe(0);
  });

  it('refuses an address that is already a member, or already invited (AlreadyMember)', async () => {
    const owner = await createAccount(test.app, test.database.db, { plan: 'pro' });
    const member = await joinAs(test, owner, owner.organizationId, 'developer');
    const invited = uniqueEmail('pendente');
    await invite(test, owner, owner.organizationId, invited, 'viewer');
    const mailsBefore = test.smtp.countTo(invited);

    for (const email of [member.email, member.email.toUpperCase(), owner.email, invited, ` ${invited} `]) {
      await expectRefusedInBothLanguages(
        owner,
        { method: 'POST', url: invitationsUrl(owner.organizationId), payload: { email, role: 'admin' } },
        'AlreadyMember',
        owner.organizationId,
      );
    }
    expect(test.smtp.countTo(invited)).toBe(mailsBefore);
  });

  it('refuses beyond the plan’s seats, pending invitations included (Free: 2)', async () => {
    const owner = await createAccount(test.app, test.database.db);
    await invite(test, owner, owner.organizationId, uniqueEmail('assento'), 'viewer');
    const extra = uniqueEmail('sem.assento');
    await expectRefusedInBothLanguages(
      owner,
      {
        method: 'POST',
        url: invitationsUrl(owner.organizationId),
        payload: { email: extra, role: 'viewer' },
      },
      'SeatLimitReached',
      owner.organizationId,
    );
    expect(test.smtp.countTo(extra)).toBe(0);
    const organization = await callAs(test.app, owner, 'GET', `/api/organizations/${owner.organizationId}`);
    expect(organization.json().seats).toEqual({ used: 2, limit: 2 });
  });

  it('counts members as seats too, and frees the seat of an expired invitation', async () => {
    const owner = await createAccount(test.app, test.database.db);
    const { invitation } = await invite(test, owner, owner.organizationId, uniqueEmail('expira'), 'viewer');
    await test.database.db
      .update(organizationInvitations)
      .set({ expiresAt: new Date(Date.now() - 1_000) })
      .where(eq(organizationInvitations.id, invitation.id));
    const member = await joinAs(test, owner, owner.organizationId, 'viewer');
    expect(member.userId).toBeTruthy();
    await expectRefusedInBothLanguages(
      owner,
      {
        method: 'POST',
        url: invitationsUrl(owner.organizationId),
        payload: { email: uniqueEmail('terceiro'), role: 'viewer' },
      },
      'SeatLimitReached',
      owner.organizationId,
    );
  });
});

describe('organization names and roles, bad input', () => {
  it.each([
    [
      'name',
      { name: '   ' },
      'Por favor, informe o nome da organização',
      'Please enter the organization name',
    ],
    [
      'name',
      { name: 'x'.repeat(81) },
      'O nome da organização deve ter no máximo 80 caracteres',
      'The organization name must have at most 80 characters',
    ],
  ])(
    'refuses a %s of %j when creating or renaming, changing nothing',
    async (path, payload, portuguese, english) => {
      const owner = await createAccount(test.app, test.database.db);
      const before = await organizationState(test.database.db, owner.organizationId);
      for (const [language, message] of [
        ['pt-BR', portuguese],
        ['en', english],
      ] as const) {
        for (const [method, url] of [
          ['POST', '/api/organizations'],
          ['PATCH', `/api/organizations/${owner.organizationId}`],
        ] as const) {
          const response = await callAs(test.app, owner, method, url, { payload, language });
          expect(response.statusCode, `${method} ${url}`).toBe(400);
          expect(response.json().message[0]).toMatchObject({ path: [path], message });
        }
      }
      expect(await organizationState(test.database.db, owner.organizationId)).toEqual(before);
      expect(await membershipsOf(test.database.db, owner.userId)).toHaveLength(1);
    },
  );

  it('refuses a fourth Free organization to one Owner, even asked for in parallel (each would bring its own Free quota)', async () => {
    const owner = await createAccount(test.app, test.database.db);
    const create = (language: 'en' | 'pt-BR') =>
      callAs(test.app, owner, 'POST', '/api/organizations', { payload: { name: 'Another' }, language });
    const answers = await Promise.all([create('en'), create('en'), create('en'), create('en')]);
    // The account's own organization is the first of three.
    expect(answers.filter((answer) => answer.statusCode === 201)).toHaveLength(
      FREE_ORGANIZATIONS_PER_OWNER - 1,
    );
    for (const refused of answers.filter((answer) => answer.statusCode !== 201)) {
      expectRefusal(refused, 'OrganizationLimitReached', 'en');
    }
    expectRefusal(await create('pt-BR'), 'OrganizationLimitReached', 'pt-BR');
    expect(await membershipsOf(test.database.db, owner.userId)).toHaveLength(FREE_ORGANIZATIONS_PER_OWNER);
  });

  it('refuses a role that does not exist, changing nothing', async () => {
    const owner = await createAccount(test.app, test.database.db, { plan: 'pro' });
    const member = await joinAs(test, owner, owner.organizationId, 'viewer');
    const before = await organizationState(test.database.db, owner.organizationId);
    for (const [language, message] of [
      ['pt-BR', 'Por favor, escolha um papel'],
      ['en', 'Please choose a role'],
    ] as const) {
      const response = await callAs(
        test.app,
        owner,
        'PATCH',
        memberUrl(owner.organizationId, member.userId),
        {
          payload: { role: 'superuser' },
          language,
        },
      );
      expect(response.statusCode).toBe(400);
      expect(response.json().message[0]).toMatchObject({ path: ['role'], message });
    }
    expect(await organizationState(test.database.db, owner.organizationId)).toEqual(before);
  });
});

describe('invitation links that no longer work (410 InvitationInvalid)', () => {
  /** A link's preview and its acceptance by the invited address both answer 410, and nobody joins. */
  async function expectDeadLink(owner: TestAccount, token: string, invitee: TestAccount) {
    const before = await organizationState(test.database.db, owner.organizationId);
    for (const language of ['pt-BR', 'en'] as const) {
      expectRefusal(await preview(test, token, language), 'InvitationInvalid', language);
      expectRefusal(await accept(test, invitee, token, language), 'InvitationInvalid', language);
    }
    expect(await organizationState(test.database.db, owner.organizationId)).toEqual(before);
    expect(
      (await membershipsOf(test.database.db, invitee.userId)).map((each) => each.organizationId),
    ).toEqual([invitee.organizationId]);
  }

  it('refuses an expired link', async () => {
    const owner = await createAccount(test.app, test.database.db);
    const invitee = await createAccount(test.app, test.database.db);
    const { invitation, token } = await invite(test, owner, owner.organizationId, invitee.email, 'viewer');
    await test.database.db
      .update(organizationInvitations)
      .set({ expiresAt: new Date(Date.now() - 1_000) })
      .where(eq(organizationInvitations.id, invitation.id));
    await expectDeadLink(owner, token, invitee);
  });

  it('refuses a revoked link', async () => {
    const owner = await createAccount(test.app, test.database.db);
    const invitee = await createAccount(test.app, test.database.db);
    const { invitation, token } = await invite(test, owner, owner.organizationId, invitee.email, 'viewer');
    const revoked = await callAs(
      test.app,
      owner,
      'DELETE',
      `${invitationsUrl(owner.organizationId)}/${invitation.id}`,
    );
    expect(revoked.statusCode).toBe(204);
    await expectDeadLink(owner, token, invitee);
  });

  it('refuses a used link, even to the person who used it', async () => {
    const owner = await createAccount(test.app, test.database.db);
    const invitee = await createAccount(test.app, test.database.db);
    const { token } = await invite(test, owner, owner.organizationId, invitee.email, 'viewer');
    expect((await accept(test, invitee, token)).statusCode).toBe(200);
    const before = await organizationState(test.database.db, owner.organizationId);
    for (const language of ['pt-BR', 'en'] as const) {
      expectRefusal(await preview(test, token, language), 'InvitationInvalid', language);
      expectRefusal(await accept(test, invitee, token, language), 'InvitationInvalid', language);
    }
    expect(await organizationState(test.database.db, owner.organizationId)).toEqual(before);
  });

  it('refuses someone signed in with another address, and the link still works for the invited one', async () => {
    const owner = await createAccount(test.app, test.database.db);
    const invitee = await createAccount(test.app, test.database.db);
    const stranger = await createAccount(test.app, test.database.db);
    const { token } = await invite(test, owner, owner.organizationId, invitee.email, 'developer');
    const before = await organizationState(test.database.db, owner.organizationId);
    for (const language of ['pt-BR', 'en'] as const) {
      expectRefusal(await accept(test, stranger, token, language), 'InvitationForAnotherEmail', language);
    }
    expect(await organizationState(test.database.db, owner.organizationId)).toEqual(before);
    expect(await membershipsOf(test.database.db, stranger.userId)).toEqual([
      { organizationId: stranger.organizationId, role: 'owner' },
    ]);
    expect((await accept(test, invitee, token)).statusCode).toBe(200);
  });
});

describe('roles and the last Owner', () => {
  it('keeps the last Owner: not demoted, not removed, cannot leave (LastOwner)', async () => {
    const owner = await createAccount(test.app, test.database.db, { plan: 'pro' });
    const id = owner.organizationId;
    await joinAs(test, owner, id, 'admin');
    await expectRefusedInBothLanguages(
      owner,
      { method: 'PATCH', url: memberUrl(id, owner.userId), payload: { role: 'admin' } },
      'LastOwner',
      id,
    );
    await expectRefusedInBothLanguages(
      owner,
      { method: 'DELETE', url: memberUrl(id, owner.userId) },
      'LastOwner',
      id,
    );
  });

  it('keeps the last Owner of a second Owner’s removal: the other Owner may go, then the last may not', async () => {
    const owner = await createAccount(test.app, test.database.db, { plan: 'pro' });
    const id = owner.organizationId;
    const second = await joinAs(test, owner, id, 'owner');
    expect((await callAs(test.app, second, 'DELETE', memberUrl(id, owner.userId))).statusCode).toBe(204);
    await expectRefusedInBothLanguages(
      second,
      { method: 'PATCH', url: memberUrl(id, second.userId), payload: { role: 'viewer' } },
      'LastOwner',
      id,
    );
  });

  it('lets an Admin neither touch an Owner nor give the Owner role (RoleNotAssignable)', async () => {
    const owner = await createAccount(test.app, test.database.db, { plan: 'pro' });
    const id = owner.organizationId;
    const admin = await joinAs(test, owner, id, 'admin');
    const developer = await joinAs(test, owner, id, 'developer');
    const { invitation } = await invite(test, owner, id, uniqueEmail('futuro.dono'), 'owner');

    const refusals: Request[] = [
      { method: 'PATCH', url: memberUrl(id, owner.userId), payload: { role: 'viewer' } },
      { method: 'PATCH', url: memberUrl(id, developer.userId), payload: { role: 'owner' } },
      { method: 'PATCH', url: memberUrl(id, admin.userId), payload: { role: 'owner' } },
      { method: 'DELETE', url: memberUrl(id, owner.userId) },
      { method: 'POST', url: invitationsUrl(id), payload: { email: uniqueEmail('dono'), role: 'owner' } },
      { method: 'POST', url: `${invitationsUrl(id)}/${invitation.id}/resend` },
      { method: 'DELETE', url: `${invitationsUrl(id)}/${invitation.id}` },
    ];
    for (const request of refusals)
      await expectRefusedInBothLanguages(admin, request, 'RoleNotAssignable', id);

    // What an Admin may do with the same routes.
    const promoted = await callAs(test.app, admin, 'PATCH', memberUrl(id, developer.userId), {
      payload: { role: 'admin' },
    });
    expect(promoted.statusCode, promoted.body).toBe(200);
  });

  it('refuses a Viewer every write and member-management route (403 PermissionDenied)', async () => {
    const owner = await createAccount(test.app, test.database.db, { plan: 'pro' });
    const id = owner.organizationId;
    const viewer = await joinAs(test, owner, id, 'viewer');
    const developer = await joinAs(test, owner, id, 'developer');
    const { key } = await createKey(test.app, owner);
    const { invitation } = await invite(test, owner, id, uniqueEmail('pendente'), 'viewer');

    const refused: Request[] = [
      { method: 'PATCH', url: `/api/organizations/${id}`, payload: { name: 'Tomada' } },
      { method: 'DELETE', url: `/api/organizations/${id}` },
      { method: 'GET', url: invitationsUrl(id) },
      { method: 'POST', url: invitationsUrl(id), payload: { email: uniqueEmail('x'), role: 'viewer' } },
      { method: 'DELETE', url: `${invitationsUrl(id)}/${invitation.id}` },
      { method: 'POST', url: `${invitationsUrl(id)}/${invitation.id}/resend` },
      { method: 'PATCH', url: memberUrl(id, developer.userId), payload: { role: 'viewer' } },
      { method: 'PATCH', url: memberUrl(id, viewer.userId), payload: { role: 'admin' } },
      { method: 'DELETE', url: memberUrl(id, developer.userId) },
      {
        method: 'POST',
        url: '/api/keys',
        organizationId: id,
        payload: { description: 'x', kind: 'public', allowedOrigins: '*' },
      },
      { method: 'PATCH', url: `/api/keys/${key.id}`, organizationId: id, payload: { enabled: false } },
      { method: 'DELETE', url: `/api/keys/${key.id}`, organizationId: id },
      { method: 'POST', url: `/api/keys/${key.id}/rotate`, organizationId: id, payload: {} },
      { method: 'POST', url: '/api/projects', organizationId: id, payload: { name: 'Nova' } },
      {
        method: 'POST',
        url: '/api/billing/checkout',
        organizationId: id,
        payload: { planId: 'basic', cycle: 'monthly' },
      },
    ];
    for (const request of refused)
      await expectRefusedInBothLanguages(viewer, request, 'PermissionDenied', id);
  });

  it('checks the role before the body: a Viewer with an invalid body gets 403, not its errors', async () => {
    const owner = await createAccount(test.app, test.database.db);
    const id = owner.organizationId;
    const viewer = await joinAs(test, owner, id, 'viewer');
    for (const request of [
      { method: 'POST', url: '/api/keys', organizationId: id, payload: { kind: 'nonsense' } },
      { method: 'POST', url: '/api/projects', organizationId: id, payload: { name: '' } },
      { method: 'POST', url: invitationsUrl(id), payload: { email: 'not an address', role: 'root' } },
    ] as const)
      await expectRefusedInBothLanguages(viewer, request, 'PermissionDenied', id);
  });

  it('refuses a Developer the members and a Billing member the keys (403 PermissionDenied)', async () => {
    const owner = await createAccount(test.app, test.database.db, { plan: 'pro' });
    const id = owner.organizationId;
    const developer = await joinAs(test, owner, id, 'developer');
    const billing = await joinAs(test, owner, id, 'billing');
    await expectRefusedInBothLanguages(
      developer,
      { method: 'PATCH', url: memberUrl(id, billing.userId), payload: { role: 'viewer' } },
      'PermissionDenied',
      id,
    );
    await expectRefusedInBothLanguages(
      billing,
      { method: 'GET', url: '/api/keys', organizationId: id },
      'PermissionDenied',
      id,
    );
  });
});

describe('organizations the caller is not in (404 OrganizationNotFound)', () => {
  /** The body without its request id. */
  const bodyOf = (response: LightMyRequestResponse) => {
    const { requestId, ...rest } = response.json() as Record<string, unknown>;
    expect(requestId).toEqual(expect.any(String));
    return rest;
  };

  it('answers the same for another customer’s organization as for one that does not exist', async () => {
    const outsider = await createAccount(test.app, test.database.db);
    const other = await createAccount(test.app, test.database.db, { plan: 'pro' });
    const otherMember = await joinAs(test, other, other.organizationId, 'developer');
    const { invitation } = await invite(test, other, other.organizationId, uniqueEmail('alheio'), 'viewer');
    const routes = (id: string): Request[] => [
      { method: 'GET', url: `/api/organizations/${id}` },
      { method: 'PATCH', url: `/api/organizations/${id}`, payload: { name: 'Minha' } },
      { method: 'DELETE', url: `/api/organizations/${id}` },
      { method: 'GET', url: `/api/organizations/${id}/members` },
      { method: 'PATCH', url: memberUrl(id, otherMember.userId), payload: { role: 'owner' } },
      { method: 'DELETE', url: memberUrl(id, otherMember.userId) },
      { method: 'GET', url: invitationsUrl(id) },
      { method: 'POST', url: invitationsUrl(id), payload: { email: uniqueEmail('y'), role: 'viewer' } },
      { method: 'DELETE', url: `${invitationsUrl(id)}/${invitation.id}` },
      { method: 'GET', url: '/api/keys', organizationId: id },
      { method: 'GET', url: '/api/projects', organizationId: id },
      { method: 'GET', url: '/api/usage', organizationId: id },
      { method: 'GET', url: '/api/billing', organizationId: id },
    ];
    const before = await organizationState(test.database.db, other.organizationId);
    for (const language of ['pt-BR', 'en'] as const) {
      const unknownRoutes = routes(randomUUID());
      for (const [index, request] of routes(other.organizationId).entries()) {
        const { method, url, ...options } = request;
        const existing = await callAs(test.app, outsider, method, url, { ...options, language });
        const missing = unknownRoutes[index]!;
        const unknown = await callAs(test.app, outsider, missing.method, missing.url, {
          ...(missing.payload ? { payload: missing.payload } : {}),
          ...(missing.organizationId ? { organizationId: missing.organizationId } : {}),
          language,
        });
        expectRefusal(existing, 'OrganizationNotFound', language);
        expect(bodyOf(existing), `${method} ${url}`).toEqual(bodyOf(unknown));
      }
    }
    expect(await organizationState(test.database.db, other.organizationId)).toEqual(before);
  });

  it.each(['not-a-uuid', '1', "' or 1=1 --", `${randomUUID()}x`])(
    'answers 404 to a malformed X-Organization (%s)',
    async (header) => {
      const account = await createAccount(test.app, test.database.db);
      for (const language of ['pt-BR', 'en'] as const) {
        const response = await test.app.inject({
          method: 'GET',
          url: '/api/keys',
          headers: { ...account.headers, 'x-organization': header, 'accept-language': language },
        });
        expectRefusal(response, 'OrganizationNotFound', language);
      }
    },
  );
});

describe('deleting an organization', () => {
  it('refuses while a paid subscription bills it, and keeps everything it owns', async () => {
    const owner = await createAccount(test.app, test.database.db);
    const { secret } = await createKey(test.app, owner);
    await subscribe(owner);
    await expectRefusedInBothLanguages(
      owner,
      { method: 'DELETE', url: `/api/organizations/${owner.organizationId}` },
      'OrganizationHasSubscription',
      owner.organizationId,
    );
    const state = await organizationState(test.database.db, owner.organizationId);
    expect(state.organization?.plan).toBe('basic');
    const call = await test.app.inject({
      url: '/quotes/json/last/USD-BRL',
      headers: { 'x-api-key': secret },
    });
    expect(call.statusCode).toBe(200);
  });
});

/** Buys Basic through test mode's checkout, as the SPA does, so the organization has a live subscription. */
async function subscribe(owner: TestAccount) {
  // A purchase in reais needs the billing details (issue 27).
  const details = await callAs(test.app, owner, 'PUT', '/api/billing/details', {
    payload: {
      country: 'BR',
      legalName: 'Gi Lima',
      taxId: '529.982.247-25',
      postalCode: '01001-000',
      street: 'Praça da Sé',
      number: '100',
      district: 'Sé',
      city: 'São Paulo',
      state: 'SP',
      emails: ['gi@example.com'],
    },
  });
  expect(details.statusCode, details.body).toBe(200);
  const started = await callAs(test.app, owner, 'POST', '/api/billing/checkout', {
    payload: { planId: 'basic', cycle: 'monthly' },
  });
  expect(started.statusCode, started.body).toBe(200);
  const checkoutId = /\/billing\/checkout\/([0-9a-f-]{36})$/.exec(started.json().url)?.[1];
  const paid = await callAs(test.app, owner, 'POST', `/api/billing/test/checkouts/${checkoutId}/pay`, {
    payload: {
      method: 'card',
      cardNumber: TEST_CARDS.success,
      expiry: '12/30',
      cvc: '123',
    },
  });
  expect(paid.statusCode, paid.body).toBe(200);
}
