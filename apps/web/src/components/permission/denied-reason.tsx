import { Text } from '@mantine/core';
import type { PermissionState } from '../../lib/organization/use-permission.ts';

type DeniedReasonProps = { permission: PermissionState };

/**
 * The line near a control the user's role cannot use, saying why (issue 24: disabled with the reason, not
 * hidden). The control points at it with `{...reasonProps(permission)}`.
 */
export function DeniedReason({ permission }: DeniedReasonProps) {
  if (!permission.reason) return null;
  return (
    <Text id={permission.reasonId} size="xs" c="dimmed">
      {permission.reason}
    </Text>
  );
}

/**
 * `aria-describedby` pointing at the reason when the role cannot use the control, else nothing at all (an
 * undefined value would replace the one Mantine gives an input for its error).
 */
export function reasonProps(permission: PermissionState, otherReasonId?: string) {
  const id = permission.reason ? permission.reasonId : otherReasonId;
  return id ? { 'aria-describedby': id } : {};
}
