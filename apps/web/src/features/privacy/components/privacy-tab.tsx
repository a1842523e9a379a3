import { Stack } from '@mantine/core';
import { CloseAccountSection } from './close-account-section.tsx';
import { DataExportSection } from './data-export-section.tsx';

/** Account Settings → Privacy (issue 26): the LGPD rights a person exercises alone, a copy of their data and leaving. */
export function PrivacyTab() {
  return (
    <Stack>
      <DataExportSection />
      <CloseAccountSection />
    </Stack>
  );
}
