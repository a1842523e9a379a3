import { Button, type ButtonProps } from '@mantine/core';
import type { ReactNode } from 'react';
import { reasonProps } from '#web/components/permission/denied-reason.tsx';
import { useStaffActionPermission } from '../lib/staff-role.ts';

type ActionButtonProps = ButtonProps & {
  onClick: () => void;
  children: ReactNode;
};

/** A staff action's button: disabled for support, pointing at the reason beside the customer's actions. */
export function ActionButton({ onClick, children, ...props }: ActionButtonProps) {
  const permission = useStaffActionPermission();
  return (
    <Button
      size="xs"
      variant="default"
      {...props}
      disabled={!permission.isAllowed || props.disabled}
      onClick={onClick}
      {...reasonProps(permission)}
    >
      {children}
    </Button>
  );
}
