import type { Invoice } from '@cotacep/shared/billing-schemas';
import { Button, Group, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { type NfseFormat, useDownloadNfse } from '../api/download-nfse.ts';
import classes from './invoice.module.css';

type NfseDownloadsProps = {
  invoice: Invoice;
  /** The invoices table's small "PDF" and "XML" (named in full for a screen reader); else full buttons. */
  isCompact?: boolean;
};

/** The issued nota's PDF and XML, downloaded with the member's token; nothing until it is issued. */
export function NfseDownloads({ invoice, isCompact = false }: NfseDownloadsProps) {
  const { t } = useTranslation();
  const download = useDownloadNfse();
  const { nfse } = invoice;
  if (nfse?.status !== 'issued') return null;
  const number = nfse.number ?? '';
  const formats = [
    { format: 'pdf' as NfseFormat, url: nfse.pdfUrl, label: t('billing.nfse.downloadPdf') },
    { format: 'xml' as NfseFormat, url: nfse.xmlUrl, label: t('billing.nfse.downloadXml') },
  ].filter((entry) => entry.url);
  if (formats.length === 0) return null;
  return (
    <Stack gap={4} className={classes.noPrint}>
      <Group gap={isCompact ? 4 : 'xs'}>
        {formats.map(({ format, label }) => (
          <Button
            key={format}
            variant={isCompact ? 'subtle' : 'default'}
            size={isCompact ? 'compact-xs' : 'sm'}
            aria-label={isCompact ? t(`billing.nfse.${format}Of`, { number }) : undefined}
            loading={download.isPending && download.variables?.format === format}
            onClick={() => download.mutate({ invoice, format })}
          >
            {isCompact ? t(`billing.nfse.${format}`) : label}
          </Button>
        ))}
      </Group>
      {download.isError && (
        <Text size="xs" c="red.8" role="alert">
          {t('billing.nfse.downloadFailed')}
        </Text>
      )}
    </Stack>
  );
}
