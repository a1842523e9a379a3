import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';

type TwoFactorBadgeProps = { hasTwoFactor: boolean; isRequired: boolean };

/**
 * Whether a member has an authenticator app or a passkey, in words: green with it, grey without, red
 * without when the organization requires it (that member sees none of its data until they add one).
 */
export function TwoFactorBadge({ hasTwoFactor, isRequired }: TwoFactorBadgeProps) {
  const { t } = useTranslation();
  const color = hasTwoFactor ? 'teal' : isRequired ? 'red' : 'gray';
  return (
    <Badge
      size="sm"
      variant="light"
      color={color}
      tt="none"
      title={t(
        hasTwoFactor ? 'organizations.members.twoFactorOnHint' : 'organizations.members.twoFactorOffHint',
      )}
    >
      {t(hasTwoFactor ? 'organizations.members.twoFactorOn' : 'organizations.members.twoFactorOff')}
    </Badge>
  );
}
