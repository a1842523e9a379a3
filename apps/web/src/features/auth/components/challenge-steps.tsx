import type { MfaMethod, SecondFactorMethod } from '@cotacep/shared/auth-fields';
import type { LoginChallenge, TokenSet } from '@cotacep/shared/auth-responses';
import { Anchor, Stack } from '@mantine/core';
import { useEffect, useEffectEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { FormErrorAlert } from '#web/components/form/form-error-alert.tsx';
import { getErrorCode } from '#web/components/form/server-errors.ts';
import { setSession } from '#web/lib/session/session-store.ts';
import { useResendChallengeCode } from '../api/login-challenge.ts';
import { type CodeDelivery, isSentCode, remainingWait } from '../lib/challenge-methods.ts';
import { withRedirect } from '../lib/redirect-target.ts';
import { AuthHeading } from './auth-heading.tsx';
import { ChallengeForm } from './challenge-form.tsx';
import { ChallengePasskey } from './challenge-passkey.tsx';
import { OtherMethods } from './other-methods.tsx';

/** Where the person is in the challenge: the method on screen and the code last sent, if any. */
export type ChallengeProgress = { method?: SecondFactorMethod; delivery?: CodeDelivery | null };

type ChallengeStepsProps = {
  challenge: LoginChallenge['challenge'];
  target: string;
  /** Kept from before a reload; the server's choice otherwise. */
  progress: ChallengeProgress;
  onProgress: (progress: ChallengeProgress) => void;
};

/**
 * The challenge's methods, one at a time: it opens on the one the server chose and lists the others. The
 * e-mail or SMS code is sent when the person switches to it (unless this challenge already sent one); an
 * ended challenge (expired, too many wrong codes) goes back to the login, which says why.
 */
export function ChallengeSteps({ challenge, target, progress, onProgress }: ChallengeStepsProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const send = useResendChallengeCode();
  const [method, setMethod] = useState<SecondFactorMethod>(progress.method ?? challenge.method);
  const [delivery, setDelivery] = useState<CodeDelivery | null>(() => {
    if (progress.delivery !== undefined) return progress.delivery;
    return isSentCode(challenge.method)
      ? { destination: challenge.destination, resendAfter: challenge.resendAfter, sentAt: Date.now() }
      : null;
  });
  // Told after each change (and once on opening); the page's callback changes with every location.
  const reportProgress = useEffectEvent((current: ChallengeProgress) => onProgress(current));
  useEffect(() => {
    reportProgress({ method, delivery });
  }, [method, delivery]);
  const loginPath = withRedirect('/auth/login', target);

  const onSignedIn = (tokens: TokenSet) => {
    setSession(tokens);
    navigate(target, { replace: true });
  };
  const onFailed = (error: unknown) => {
    if (getErrorCode(error) !== 'ChallengeSessionInvalid') return;
    navigate(loginPath, { replace: true, state: { challengeEnded: true } });
  };

  /** Sends a code to the e-mail or SMS channel: resolves with the wait before the next one. */
  const sendCode = async (channel: MfaMethod) => {
    try {
      const { challenge: sent } = await send.mutateAsync({ session: challenge.session, method: channel });
      setDelivery({ destination: sent.destination, resendAfter: sent.resendAfter, sentAt: Date.now() });
      return sent.resendAfter;
    } catch (error) {
      onFailed(error);
      throw error;
    }
  };

  const onChoose = (next: SecondFactorMethod) => {
    send.reset();
    if (!isSentCode(next) || delivery) {
      setMethod(next);
      return;
    }
    // A refusal stays on the current method; the alert above says why.
    sendCode(next).then(
      () => setMethod(next),
      () => undefined,
    );
  };

  const subtitle = isSentCode(method)
    ? t(`auth.challenge.sentBy.${method}`, { destination: delivery?.destination })
    : t(`auth.challenge.intro.${method}`);

  return (
    <>
      <AuthHeading title={t('auth.challenge.title')} subtitle={subtitle} />
      <Stack>
        <FormErrorAlert error={send.error} />
        {method === 'passkey' ? (
          <ChallengePasskey session={challenge.session} onSignedIn={onSignedIn} onFailed={onFailed} />
        ) : (
          <ChallengeForm
            key={method}
            session={challenge.session}
            method={method}
            resendAfter={remainingWait(delivery)}
            isResending={send.isPending}
            onResend={isSentCode(method) ? () => sendCode(method) : undefined}
            onSignedIn={onSignedIn}
            onFailed={onFailed}
          />
        )}
        <OtherMethods
          methods={challenge.methods.filter((other) => other !== method)}
          pending={send.isPending ? send.variables?.method : undefined}
          onChoose={onChoose}
        />
        <Anchor component={Link} to={loginPath} size="sm" ta="center">
          {t('auth.challenge.backToLogin')}
        </Anchor>
      </Stack>
    </>
  );
}
