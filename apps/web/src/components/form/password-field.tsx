import { PasswordInput, type PasswordInputProps } from '@mantine/core';
import { forwardRef } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * Mantine's PasswordInput with its eye button named in the page's language: Mantine's own label is
 * English ("Toggle password visibility") whatever the interface speaks.
 */
export const PasswordField = forwardRef<HTMLInputElement, PasswordInputProps>(
  function PasswordField(props, ref) {
    const { t } = useTranslation();
    return (
      <PasswordInput
        ref={ref}
        {...props}
        visibilityToggleButtonProps={{
          'aria-label': t('fields.passwordVisibility'),
          ...props.visibilityToggleButtonProps,
        }}
      />
    );
  },
);
