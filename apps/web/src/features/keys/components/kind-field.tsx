import type { ApiKeyKind } from '@cotacep/shared/allowed-list';
import { Box, Input } from '@mantine/core';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { SegmentedChoice } from '#web/components/segmented-choice/segmented-choice.tsx';

type KindFieldProps = {
  value: ApiKeyKind;
  isLocked?: boolean;
  error?: string;
  onChange: (kind: ApiKeyKind) => void;
};

/** Public keys are for browsers (restricted by origin), private ones for servers (restricted by IP). */
export function KindField({ value, isLocked = false, error, onChange }: KindFieldProps) {
  const { t } = useTranslation();
  const labelId = useId();
  const hint = isLocked ? t('keys.kindLocked') : t(`keys.${value}Hint`);
  return (
    <Input.Wrapper label={t('keys.kind')} id={labelId} description={hint} error={error}>
      <Box mt={4}>
        <SegmentedChoice
          aria-labelledby={`${labelId}-label`}
          value={value}
          onChange={onChange}
          isDisabled={isLocked}
          isFullWidth
          data={[
            { value: 'public', label: t('keys.public') },
            { value: 'private', label: t('keys.private') },
          ]}
        />
      </Box>
    </Input.Wrapper>
  );
}
