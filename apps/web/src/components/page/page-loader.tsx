import { Center, Loader } from '@mantine/core';

/** While the first screen's code loads. */
export function PageLoader() {
  return (
    <Center mih="60vh">
      <Loader />
    </Center>
  );
}
