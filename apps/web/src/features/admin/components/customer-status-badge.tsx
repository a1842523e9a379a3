import type { CustomerStatus } from '@cotacep/shared/admin-schemas';
import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';

// Red for a customer whose keys are refused: suspended by staff, or stopped by a closure.
const COLORS: Record<CustomerStatus, string> = { active: 'teal', suspended: 'red', closing: 'orange' };

export function CustomerStatusBadge({ status }: { status: CustomerStatus }) {
  const { t } = useTranslation();
  return (
    <Badge variant="light" color={COLORS[status]} radius="sm" tt="none">
      {t(`admin.status.${status}`)}
    </Badge>
  );
}
