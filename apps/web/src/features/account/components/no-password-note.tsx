import { Anchor, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

/** An account made through GitHub or Google has no password until one is set with a reset code. */
export function NoPasswordNote({ email }: { email: string }) {
  const { t } = useTranslation();
  return (
    <Text size="sm">
      {t('account.security.noPassword')}{' '}
      <Anchor component={Link} to={`/auth/forget-password?${new URLSearchParams({ email })}`}>
        {t('account.security.setPassword')}
      </Anchor>
    </Text>
  );
}
