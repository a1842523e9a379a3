import { OAUTH_PROVIDERS, type OAuthProvider } from '@cotacep/shared/auth-schemas';
import { Button, Divider, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { GithubIcon, GoogleIcon } from '#web/components/icons.tsx';
import { getAppConfig } from '#web/lib/app-config.ts';
import { useAuthProviders } from '#web/lib/auth/get-auth-providers.ts';

const ICONS: Record<OAuthProvider, typeof GithubIcon> = { github: GithubIcon, google: GoogleIcon };

type SocialButtonsProps = { intent: 'login' | 'signup'; redirect?: string };

/** GitHub and Google buttons, shown only for the providers the server has configured. */
export function SocialButtons({ intent, redirect }: SocialButtonsProps) {
  const { t } = useTranslation();
  const { data } = useAuthProviders();
  const enabled = OAUTH_PROVIDERS.filter((provider) => data?.social[provider]);
  if (enabled.length === 0) return null;

  const startUrl = (provider: OAuthProvider) => {
    const query = redirect ? `?${new URLSearchParams({ redirect })}` : '';
    return `${getAppConfig().apiUrl}/auth/oauth/${provider}/start${query}`;
  };

  return (
    <Stack gap="sm">
      {enabled.map((provider) => {
        const Icon = ICONS[provider];
        return (
          <Button
            key={provider}
            component="a"
            href={startUrl(provider)}
            variant="default"
            leftSection={<Icon />}
          >
            {t(`auth.social.${intent}`, { provider: t(`auth.social.${provider}`) })}
          </Button>
        );
      })}
      <Divider label={t('auth.social.or')} labelPosition="center" my="xs" />
    </Stack>
  );
}
