import type { LoginChallenge } from '@cotacep/shared/auth-responses';
import { Alert, Button } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router';
import { DEFAULT_AFTER_LOGIN, isSafeRedirect } from '../lib/redirect-target.ts';
import { AuthHeading } from './auth-heading.tsx';
import { type ChallengeProgress, ChallengeSteps } from './challenge-steps.tsx';

type ChallengeState = ({ challenge?: LoginChallenge['challenge']; from?: string } & ChallengeProgress) | null;

/** The second sign-in step (spec §2): any second factor the account has, the one used last first (issue 25). */
export function ChallengePage() {
  const { t } = useTranslation();
  const location = useLocation();
  const navigate = useNavigate();
  const state = location.state as ChallengeState;
  const challenge = state?.challenge;
  // The method in use and the code sent are kept in the page's history entry: a reload opens the same step.
  const remember = (progress: ChallengeProgress) => {
    navigate(location, { replace: true, state: { ...state, ...progress } });
  };

  if (!challenge) {
    return (
      <>
        <AuthHeading title={t('auth.challenge.title')} />
        <Alert color="yellow" variant="light" mb="md">
          {t('auth.challenge.missing')}
        </Alert>
        <Button component={Link} to="/auth/login" fullWidth>
          {t('actions.login')}
        </Button>
      </>
    );
  }

  return (
    <ChallengeSteps
      challenge={challenge}
      target={isSafeRedirect(state?.from) ? state.from : DEFAULT_AFTER_LOGIN}
      progress={{ method: state.method, delivery: state.delivery }}
      onProgress={remember}
    />
  );
}
