import { Alert, Button, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useAuthMessage } from '../lib/use-auth-message.ts';

type SmsNeedsPhoneNoticeProps = { pendingPhone: string | null; onAddPhone: () => void };

/** SMS codes need a verified phone: the notice behind "User does not have delivery config set to turn on SMS_MFA". */
export function SmsNeedsPhoneNotice({ pendingPhone, onAddPhone }: SmsNeedsPhoneNoticeProps) {
  const { t } = useTranslation();
  const authMessage = useAuthMessage();
  return (
    <Alert color="yellow" variant="light" role="status">
      <Stack gap="xs" align="flex-start">
        <Text size="sm">{authMessage('smsMfaNeedsPhone')}</Text>
        <Button size="xs" variant="default" onClick={onAddPhone}>
          {pendingPhone ? t('account.contact.phone.verifyPending') : t('account.contact.phone.addTitle')}
        </Button>
      </Stack>
    </Alert>
  );
}
