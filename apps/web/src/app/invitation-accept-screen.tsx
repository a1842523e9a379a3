import { revokeSessionLoader } from '../features/auth/api/logout.ts';
import { withRedirect } from '../features/auth/lib/redirect-target.ts';
import { InvitationAcceptPage } from '../features/organizations/components/invitation-accept-page.tsx';
import { INVITATION_ACCEPT_PATH } from '../features/organizations/lib/invitation-token.ts';
import { logout } from '../lib/session/session-store.ts';

/**
 * `/invitations/accept`: the organizations feature's page with the auth feature's ways in and out. Signing in
 * or up comes back here (the token waits in this tab's storage), with the invited address filled in.
 */
export function InvitationAcceptScreen() {
  return (
    <InvitationAcceptPage
      onSignOut={async () => {
        await revokeSessionLoader();
        logout();
      }}
      authPath={(screen, email) =>
        screen === 'login'
          ? { pathname: withRedirect('/auth/login', INVITATION_ACCEPT_PATH), state: { email } }
          : { pathname: withRedirect('/auth/signup', INVITATION_ACCEPT_PATH, { email }) }
      }
    />
  );
}
