import type { SecondFactorMethod } from '@cotacep/shared/auth-fields';
import { Button, Divider, Stack } from '@mantine/core';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';

type OtherMethodsProps = {
  methods: SecondFactorMethod[];
  /** The method being switched to while its code is sent. */
  pending?: SecondFactorMethod;
  onChoose: (method: SecondFactorMethod) => void;
};

/** "Use another method": the challenge's other second factors, in the server's order. */
export function OtherMethods({ methods, pending, onChoose }: OtherMethodsProps) {
  const { t } = useTranslation();
  const headingId = useId();
  if (methods.length === 0) return null;
  return (
    <Stack component="section" aria-labelledby={headingId} gap="xs">
      <Divider
        label={<span id={headingId}>{t('auth.challenge.otherMethods')}</span>}
        labelPosition="center"
        mt="xs"
      />
      {methods.map((method) => (
        <Button
          key={method}
          variant="default"
          onClick={() => onChoose(method)}
          loading={pending === method}
          disabled={pending !== undefined && pending !== method}
          fullWidth
        >
          {t(`auth.challenge.methods.${method}`)}
        </Button>
      ))}
    </Stack>
  );
}
