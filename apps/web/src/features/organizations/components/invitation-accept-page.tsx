import { Alert, Button, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router';
import { FormErrorAlert } from '#web/components/form/form-error-alert.tsx';
import { getErrorCode } from '#web/components/form/server-errors.ts';
import { useSwitchOrganization } from '#web/lib/organization/use-switch-organization.ts';
import { useSession } from '#web/lib/session/session-store.ts';
import { useAcceptInvitation } from '../api/accept-invitation.ts';
import { useInvitationPreview } from '../api/preview-invitation.ts';
import { forgetInvitationToken, takeInvitationToken } from '../lib/invitation-token.ts';
import { InvitationSummary } from './invitation-summary.tsx';

export type InvitationAcceptPageProps = {
  /** Ends this browser's session (the app composes the auth feature's logout). */
  onSignOut: () => Promise<void>;
  /** The login or sign-up screen, coming back here afterwards, with the invited address filled in. */
  authPath: (screen: 'login' | 'signup', email: string) => { pathname: string; state?: unknown };
};

const sameAddress = (one: unknown, other: string) =>
  typeof one === 'string' && one.trim().toLowerCase() === other.trim().toLowerCase();

/**
 * `/invitations/accept#token=…` (issue 24): what the invitation offers, then Join with the invited address;
 * signed in with another address, the reason and a way to sign out; signed out, sign in or sign up and back.
 */
export function InvitationAcceptPage({ onSignOut, authPath }: InvitationAcceptPageProps) {
  const { t } = useTranslation();
  const location = useLocation();
  const navigate = useNavigate();
  const { user, isAuthenticated } = useSession();
  const [token] = useState(() => takeInvitationToken(location.hash));
  const preview = useInvitationPreview(token);
  const accept = useAcceptInvitation();
  const switchTo = useSwitchOrganization();
  const [isSigningOut, setSigningOut] = useState(false);

  // Read once, then off the address bar (and so out of the history and any referrer).
  useEffect(() => {
    if (location.hash) navigate({ pathname: location.pathname }, { replace: true });
  }, [location.hash, location.pathname, navigate]);

  const isInvalid = token === null || preview.isError;
  // Spent, revoked or expired: nothing to come back to after signing in (a network error keeps it).
  const isSpent = getErrorCode(preview.error) === 'InvitationInvalid';
  useEffect(() => {
    if (isSpent) forgetInvitationToken();
  }, [isSpent]);

  const heading = (
    <Title order={1} fz={26} mb="lg">
      {t('organizations.accept.title')}
    </Title>
  );

  if (isInvalid) {
    return (
      <>
        {heading}
        <Stack>
          {token === null ? (
            <Alert color="red" variant="light" role="alert">
              {t('organizations.accept.missing')}
            </Alert>
          ) : (
            <FormErrorAlert error={preview.error} />
          )}
          <Button component={Link} to={isAuthenticated ? '/dashboard' : '/'} variant="default" fullWidth>
            {t(isAuthenticated ? 'organizations.accept.toDashboard' : 'organizations.accept.toHome')}
          </Button>
        </Stack>
      </>
    );
  }

  if (!preview.data) {
    return (
      <>
        {heading}
        <Skeleton h={120} />
      </>
    );
  }

  const invitation = preview.data;
  const onJoin = () =>
    accept.mutate(token, {
      onSuccess: ({ organizationId }) => {
        forgetInvitationToken();
        void switchTo(organizationId);
      },
    });
  const onSignOutClick = async () => {
    setSigningOut(true);
    try {
      await onSignOut();
    } finally {
      setSigningOut(false);
    }
  };

  return (
    <>
      {heading}
      <Stack>
        <InvitationSummary invitation={invitation} />
        {!isAuthenticated && (
          <>
            <Text size="sm">{t('organizations.accept.signInFirst', { email: invitation.email })}</Text>
            <Button component={Link} {...toLink(authPath('login', invitation.email))} fullWidth>
              {t('actions.login')}
            </Button>
            <Button
              component={Link}
              {...toLink(authPath('signup', invitation.email))}
              variant="default"
              fullWidth
            >
              {t('organizations.accept.createAccount')}
            </Button>
          </>
        )}
        {isAuthenticated && sameAddress(user?.email, invitation.email) && (
          <>
            <FormErrorAlert error={accept.error} />
            <Button onClick={onJoin} loading={accept.isPending} fullWidth>
              {t('organizations.accept.join', { organization: invitation.organizationName })}
            </Button>
          </>
        )}
        {isAuthenticated && !sameAddress(user?.email, invitation.email) && (
          <>
            <Alert color="yellow" variant="light" role="alert">
              {t('organizations.accept.otherAddress', {
                invited: invitation.email,
                current: String(user?.email ?? ''),
              })}
            </Alert>
            <Button onClick={onSignOutClick} loading={isSigningOut} variant="default" fullWidth>
              {t('organizations.accept.signOut')}
            </Button>
          </>
        )}
      </Stack>
    </>
  );
}

const toLink = ({ pathname, state }: { pathname: string; state?: unknown }) => ({ to: pathname, state });
