import type { ApiKeyKind } from '@cotacep/shared/allowed-list';
import { Input, SegmentedControl } from '@mantine/core';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';

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
      <SegmentedControl
        aria-labelledby={`${labelId}-label`}
        value={value}
        onChange={(next) => onChange(next as ApiKeyKind)}
        disabled={isLocked}
        fullWidth
        mt={4}
        data={[
          { value: 'public', label: t('keys.public') },
          { value: 'private', label: t('keys.private') },
        ]}
      />
    </Input.Wrapper>
  );
}
