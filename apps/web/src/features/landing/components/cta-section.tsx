import { Box, Button, Container, Group, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import classes from './landing.module.css';

export function CtaSection() {
  const { t } = useTranslation();
  return (
    <Box component="section" className={classes.ctaBand} py={{ base: 48, sm: 72 }}>
      <Container size="md">
        <Stack align="center" ta="center" gap="md">
          <Title order={2} c="white">
            {t('landing.cta.title')}
          </Title>
          <Text c="white" opacity={0.9} maw={560}>
            {t('landing.cta.text')}
          </Text>
          <Group justify="center">
            <Button component={Link} to="/auth/signup" size="md" variant="white" color="dark">
              {t('landing.hero.primaryCta')}
            </Button>
            <Button component={Link} to="/auth/login" size="md" variant="outline" color="white">
              {t('actions.login')}
            </Button>
          </Group>
        </Stack>
      </Container>
    </Box>
  );
}
