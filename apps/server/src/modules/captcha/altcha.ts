import { type Challenge, createChallenge, randomInt, type Solution, verifySolution } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import { lt } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { captchaSpent } from '../../db/schema/captcha-spent.ts';
import { hmac } from '../../lib/secrets.ts';

export type AltchaSettings = { hmacKey: string; cost: number; maxCounter: number; expiresSeconds: number };

export type Altcha = {
  createChallenge(): Promise<Challenge>;
  /** Verifies the widget's payload (base64 JSON of `{ challenge, solution }`) and spends it. */
  verify(payload: string): Promise<string | null>;
};

type Payload = { challenge?: Challenge; solution?: Solution };

function parsePayload(payload: string): Payload | null {
  try {
    const parsed = JSON.parse(Buffer.from(payload, 'base64').toString('utf8')) as unknown;
    return parsed && typeof parsed === 'object' ? (parsed as Payload) : null;
  } catch {
    return null;
  }
}

/** Self-hosted proof of work (ALTCHA v2, PBKDF2/SHA-256): no third party, works offline. */
export function createAltcha(db: Db, settings: AltchaSettings): Altcha {
  const hmacSignatureSecret = settings.hmacKey;
  const hmacKeySignatureSecret = hmac(settings.hmacKey, 'altcha-derived-key');
  return {
    createChallenge: () =>
      createChallenge({
        algorithm: 'PBKDF2/SHA-256',
        cost: settings.cost,
        counter: randomInt(Math.floor(settings.maxCounter / 2), settings.maxCounter),
        deriveKey,
        expiresAt: new Date(Date.now() + settings.expiresSeconds * 1000),
        hmacSignatureSecret,
        hmacKeySignatureSecret,
      }),
    async verify(payload) {
      const parsed = parsePayload(payload);
      if (!parsed?.challenge?.parameters || !parsed.solution) return 'malformed payload';
      const result = await verifySolution({
        challenge: parsed.challenge,
        solution: parsed.solution,
        deriveKey,
        hmacSignatureSecret,
        hmacKeySignatureSecret,
      }).catch(() => null);
      if (!result?.verified) return result?.expired ? 'expired' : 'not verified';
      const expiresAt = new Date((parsed.challenge.parameters.expiresAt ?? 0) * 1000);
      await db.delete(captchaSpent).where(lt(captchaSpent.expiresAt, new Date()));
      const spent = await db
        .insert(captchaSpent)
        .values({ challengeId: parsed.challenge.parameters.nonce, expiresAt })
        .onConflictDoNothing()
        .returning({ id: captchaSpent.challengeId });
      return spent.length > 0 ? null : 'already used';
    },
  };
}
