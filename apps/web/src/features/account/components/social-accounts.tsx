import type { Account } from '@cotacep/shared/account-schemas';
import { OAUTH_PROVIDERS, type OAuthProvider } from '@cotacep/shared/auth-schemas';
import { Badge, Button, Group, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { FormErrorAlert } from '#web/components/form/form-error-alert.tsx';
import { GithubIcon, GoogleIcon } from '#web/components/icons.tsx';
import { notifySuccess } from '#web/components/notify.ts';
import { SettingsSection } from '#web/components/page/settings-section.tsx';
import { useAuthProviders } from '#web/lib/auth/get-auth-providers.ts';
import { useLinkSocialAccount, useUnlinkSocialAccount } from '../api/social-link.ts';
import { LinkResultAlert } from './link-result-alert.tsx';

const ICONS: Record<OAuthProvider, typeof GithubIcon> = { github: GithubIcon, google: GoogleIcon };

/** GitHub and Google sign-in for this account: link or unlink; only the providers the server has configured. */
export function SocialAccounts({ account }: { account: Account }) {
  const { t } = useTranslation();
  const providers = useAuthProviders();
  const link = useLinkSocialAccount();
  const unlink = useUnlinkSocialAccount();
  const configured = OAUTH_PROVIDERS.filter((provider) => providers.data?.social[provider]);
  if (configured.length === 0) return null;
  // Without a password, the last linked provider is the only way in and stays.
  const isLastWayIn = !account.hasPassword && account.linkedProviders.length === 1;

  return (
    <SettingsSection title={t('account.social.title')} description={t('account.social.description')}>
      <Stack gap="sm">
        <LinkResultAlert />
        <FormErrorAlert error={link.error ?? unlink.error} />
        {configured.map((provider) => {
          const Icon = ICONS[provider];
          const name = t(`auth.social.${provider}`);
          const isLinked = account.linkedProviders.includes(provider);
          return (
            <Group key={provider} justify="space-between" wrap="nowrap" gap="sm">
              <Group gap="sm" wrap="nowrap">
                <Icon />
                <Text fw={600}>{name}</Text>
                <Badge color={isLinked ? 'brand' : 'gray'} variant="light">
                  {t(isLinked ? 'account.social.linked' : 'account.social.notLinked')}
                </Badge>
              </Group>
              {isLinked ? (
                <Button
                  size="xs"
                  variant="light"
                  color="red"
                  disabled={isLastWayIn}
                  title={isLastWayIn ? t('account.social.lastWayIn') : undefined}
                  loading={unlink.isPending && unlink.variables === provider}
                  onClick={() =>
                    unlink.mutate(provider, {
                      onSuccess: () => notifySuccess(t('account.social.unlinked', { provider: name })),
                    })
                  }
                  aria-label={t('account.social.unlinkNamed', { provider: name })}
                >
                  {t('account.social.unlink')}
                </Button>
              ) : (
                <Button
                  size="xs"
                  variant="default"
                  loading={link.isPending && link.variables === provider}
                  onClick={() => link.mutate(provider)}
                  aria-label={t('account.social.linkNamed', { provider: name })}
                >
                  {t('account.social.link')}
                </Button>
              )}
            </Group>
          );
        })}
        {isLastWayIn && (
          <Text size="xs" c="dimmed">
            {t('account.social.lastWayIn')}
          </Text>
        )}
      </Stack>
    </SettingsSection>
  );
}
