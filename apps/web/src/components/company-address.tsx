import { COMPANY } from '@cotacep/shared/company';
import { Text } from '@mantine/core';

/** The company's CNPJ and postal address, a line each: what the invoice and the contact page print alike. */
export function CompanyAddress() {
  return (
    <>
      <Text size="sm">CNPJ {COMPANY.cnpj}</Text>
      {COMPANY.addressLines.map((line) => (
        <Text key={line} size="sm">
          {line}
        </Text>
      ))}
    </>
  );
}
