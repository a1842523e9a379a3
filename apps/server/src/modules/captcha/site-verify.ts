/**
 * The siteverify protocol shared by reCAPTCHA and Turnstile: POST form fields `secret`, `response`,
 * `remoteip`; answer `{ success, score?, action?, hostname, challenge_ts, "error-codes" }`.
 */
export type SiteVerifyAnswer = {
  success: boolean;
  score?: number;
  action?: string;
  hostname?: string;
  'error-codes'?: string[];
};

async function callSiteVerify(
  url: string,
  fields: { secret: string; response: string; remoteip: string },
): Promise<SiteVerifyAnswer> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
    body: new URLSearchParams(fields),
    signal: AbortSignal.timeout(10_000),
  });
  if (!response.ok) throw new Error(`siteverify answered ${response.status}`);
  const body = (await response.json()) as SiteVerifyAnswer;
  if (typeof body.success !== 'boolean') throw new Error('siteverify answered without `success`');
  return body;
}

export type SiteVerifySettings = { verifyUrl: string; secret: string };

/**
 * Asks siteverify about a token; returns why it failed: the provider's error codes when it was
 * unsuccessful, otherwise what `checkAnswer` finds wrong with the successful answer (null: nothing).
 */
export async function verifySiteToken(
  settings: SiteVerifySettings,
  token: string,
  ip: string,
  checkAnswer: (answer: SiteVerifyAnswer) => string | null,
): Promise<string | null> {
  const answer = await callSiteVerify(settings.verifyUrl, {
    secret: settings.secret,
    response: token,
    remoteip: ip,
  });
  if (!answer.success) return `unsuccessful: ${(answer['error-codes'] ?? []).join(',')}`;
  return checkAnswer(answer);
}
