import type { Permission } from '@cotacep/shared/roles';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useOrganization } from './use-organization.ts';

export type PermissionState = {
  isAllowed: boolean;
  /** Why not, naming the role ("Your role (Viewer) cannot create, change or delete tokens…"); null if allowed. */
  reason: string | null;
  /** The id to give the reason's element, for the disabled control's `aria-describedby`. */
  reasonId: string;
};

/** What the caller's role allows in the current organization, and if not, the reason to show (issue 24). */
export function usePermission(permission: Permission): PermissionState {
  const { t } = useTranslation();
  const { organization, can } = useOrganization();
  const reasonId = useId();
  const isAllowed = can(permission);
  const reason =
    isAllowed || !organization
      ? null
      : t(`organizations.denied.${permission}`, { role: t(`organizations.roles.${organization.role}`) });
  return { isAllowed, reason, reasonId };
}
