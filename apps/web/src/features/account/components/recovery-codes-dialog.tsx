import { Alert, Button, Group, Modal, SimpleGrid, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { getAppConfig } from '#web/lib/app-config.ts';
import { CopyTextButton } from '../../../components/copy-text-button.tsx';
import { useAccount } from '../api/get-account.ts';
import { useFormatDate } from '../lib/use-format-date.ts';

type RecoveryCodesDialogProps = {
  /** The new codes, shown this once; null when there are none to show. */
  codes: string[] | null;
  onDone: () => void;
};

/** Saves `text` as a file through the browser's download. */
function download(fileName: string, text: string) {
  const url = URL.createObjectURL(new Blob([text], { type: 'text/plain;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.click();
  URL.revokeObjectURL(url);
}

/**
 * The only time recovery codes are shown (the server keeps their hashes): copy, download, and a button that
 * says they are saved. A click outside or Escape does not close it, so the codes are not lost by accident.
 */
export function RecoveryCodesDialog({ codes, onDone }: RecoveryCodesDialogProps) {
  const { t } = useTranslation();
  const account = useAccount();
  const formatDate = useFormatDate();
  const { appName } = getAppConfig();
  const asText = () =>
    [
      t('account.recoveryCodes.fileTitle', { appName, email: account.data?.email ?? '' }),
      '',
      ...(codes ?? []),
      '',
      t('account.recoveryCodes.fileNote', { date: formatDate(new Date().toISOString()) }),
      '',
    ].join('\n');

  return (
    <Modal
      opened={codes !== null}
      onClose={onDone}
      title={t('account.recoveryCodes.dialogTitle')}
      withCloseButton={false}
      closeOnClickOutside={false}
      closeOnEscape={false}
      centered
    >
      <Stack>
        <Alert color="yellow" variant="light">
          {t('account.recoveryCodes.saveNow')}
        </Alert>
        <Text size="sm" fw={600} id="recovery-codes-label">
          {t('account.recoveryCodes.listLabel')}
        </Text>
        <SimpleGrid
          component="ul"
          aria-labelledby="recovery-codes-label"
          cols={2}
          spacing="xs"
          verticalSpacing={4}
          p={0}
          m={0}
          style={{ listStyle: 'none' }}
        >
          {codes?.map((code) => (
            <Text component="li" key={code} ff="monospace" fz="md" ta="center">
              {code}
            </Text>
          ))}
        </SimpleGrid>
        <Group justify="flex-end" gap="xs">
          <CopyTextButton value={codes?.join('\n') ?? ''} />
          <Button
            variant="light"
            onClick={() => download(`${appName.toLowerCase()}-recovery-codes.txt`, asText())}
          >
            {t('account.recoveryCodes.download')}
          </Button>
          <Button onClick={onDone} data-autofocus>
            {t('account.recoveryCodes.saved')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
