import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEvents } from '../../db/schema/audit-events.ts';
import { bearer, signedIn } from '../../test/auth-flows.ts';
import { createIdentityTestApp, type IdentityTestApp } from '../../test/identity-app.ts';
import { callback, exchange, startLink, startOAuth } from '../../test/oauth-flows.ts';
import { startFakeProviders } from '../../test/oauth-providers.ts';
import {
  byThePerson,
  countEntries,
  expectNoSecrets,
  expectSoundLog,
  personalEntries,
  TEST_USER_AGENT,
  userIdOf,
} from '../../test/personal-audit.ts';

// Issue 26: a social sign-up, a social sign-in, and linking or unlinking a provider are on the person's record.
const providers = await startFakeProviders();
let test: IdentityTestApp;
beforeAll(async () => {
  test = await createIdentityTestApp(providers.env);
});
afterAll(async () => {
  await test.close();
  await providers.close();
});

describe('social sign-up and sign-in', () => {
  it('a first GitHub sign-in creates the account (account.signed_up, organization.created) and signs in', async () => {
    providers.github.user = { id: 5151, login: 'auditee', name: 'Audi Tee' };
    providers.github.emails = [{ email: 'audi.tee@example.com', primary: true, verified: true }];
    const signIn = async (code: string) => {
      const { authorizeUrl, state, cookie, browser } = await startOAuth(test, 'github');
      const back = await callback(
        test,
        'github',
        { code: providers.approve(authorizeUrl, code), state },
        cookie,
      );
      const tokens = await exchange(test, back.fragment.get('oauthCode')!, browser);
      expect(tokens.statusCode, tokens.body).toBe(200);
      return tokens.json();
    };
    const first = await signIn('gh-audit-1');
    const userId = await userIdOf(test.database.db, 'audi.tee@example.com');
    const entries = await personalEntries(test.database.db, userId);
    expect(entries.map((entry) => [entry.event, entry.details])).toEqual([
      ['account.signed_up', { method: 'github' }],
      ['auth.signed_in', { method: 'github' }],
    ]);
    for (const entry of entries) expect(entry).toMatchObject(byThePerson(userId, null));
    const organization = await test.database.db
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.chainId, userId));
    expect(organization).toHaveLength(1);
    expect(organization[0]).toMatchObject({
      event: 'organization.created',
      organizationId: userId,
      userId: null,
      details: { name: 'Audi Tee' },
      actorType: 'user',
      actorId: userId,
      targetType: 'organization',
      targetId: userId,
    });
    expectNoSecrets(entries, [first.accessToken, first.refreshToken, 'gho_token']);

    // The same GitHub user again: a sign-in only.
    await signIn('gh-audit-2');
    expect((await personalEntries(test.database.db, userId)).map((entry) => entry.event)).toEqual([
      'account.signed_up',
      'auth.signed_in',
      'auth.signed_in',
    ]);
  });
});

describe('linking from the settings', () => {
  it('records account.social_linked and account.social_unlinked with the provider; a refused unlink records nothing', async () => {
    providers.github.user = { id: 6262, login: 'linker', name: 'Link Er' };
    providers.github.emails = [{ email: 'linker.audit@example.com', primary: true, verified: true }];
    const { email, tokens } = await signedIn(test);
    const userId = await userIdOf(test.database.db, email);
    const seen = (await personalEntries(test.database.db, userId)).length;
    const { authorizeUrl, state, cookie } = await startLink(test, 'github', tokens.accessToken);
    const back = await callback(
      test,
      'github',
      { code: providers.approve(authorizeUrl, 'gh-link'), state },
      cookie,
    );
    expect(back.fragment.get('linked')).toBe('github');
    const unlink = (provider: string) =>
      test.app.inject({
        method: 'DELETE',
        url: `/api/account/oauth/${provider}`,
        headers: { ...bearer(tokens.accessToken), 'user-agent': TEST_USER_AGENT },
      });
    const before = await countEntries(test.database.db);
    expect((await unlink('google')).statusCode).toBe(404);
    expect(await countEntries(test.database.db)).toBe(before);
    expect((await unlink('github')).statusCode).toBe(204);
    const entries = (await personalEntries(test.database.db, userId)).slice(seen);
    expect(entries.map((entry) => [entry.event, entry.details])).toEqual([
      ['account.social_linked', { provider: 'github' }],
      ['account.social_unlinked', { provider: 'github' }],
    ]);
    expect(entries[0]).toMatchObject(byThePerson(userId, null));
    expect(entries[1]).toMatchObject(byThePerson(userId));
    expectNoSecrets(entries, ['linker.audit@example.com', 'gho_token']);
  });
});

describe('the log as a whole', () => {
  it('verifies: every chain written by these flows is whole', async () => {
    await expectSoundLog(test.database.db);
  });
});
