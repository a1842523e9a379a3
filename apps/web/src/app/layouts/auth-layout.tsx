import { Container, Paper } from '@mantine/core';
import { Outlet } from 'react-router';

/** The sign-in screens share one narrow card. */
export function AuthLayout() {
  return (
    <Container size={460} py={{ base: 'xl', sm: 56 }} px="md">
      <Paper withBorder shadow="sm" radius="lg" p={{ base: 'lg', sm: 'xl' }}>
        <Outlet />
      </Paper>
    </Container>
  );
}
