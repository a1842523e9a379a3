import { Center, Loader } from '@mantine/core';

/** While one section of a billing page loads. */
export function SectionLoader() {
  return (
    <Center py="lg">
      <Loader size="sm" />
    </Center>
  );
}
