/** The auth area's frame (spec point 2): a centred card with the logo and footer links. */
import { Link as RouterLink, Outlet } from '@trungtam/shared/router';
import { Box, Card, Flex, HStack, Link, Logo, Stack } from '@trungtam/shared/ui/core';
import { useTranslation } from '@trungtam/shared/i18n';
import { LanguagePicker } from '../../components/LanguagePicker';

export function AuthLayout() {
  const { t } = useTranslation();
  return (
    <Flex
      minH="100vh"
      direction="column"
      align="center"
      justify="center"
      px="4"
      py="10"
      bgGradient="to-b"
      gradientFrom="blue.50"
      gradientTo="bg.subtle"
    >
      <Stack align="center" gap="8" width="full" maxW="lg">
        <RouterLink to="/auth/login" aria-label="Trung tâm">
          <Logo size={56} withName />
        </RouterLink>
        <Card.Root as="main" width="full" shadow="md" borderRadius="xl">
          <Card.Body p={{ base: '6', md: '10' }}>
            <Outlet />
          </Card.Body>
        </Card.Root>
        <HStack as="nav" gap="6" aria-label="Footer" color="fg.muted" fontWeight="medium">
          <Link asChild color="inherit">
            <RouterLink to="/auth/terms#about">{t('auth.footer.about')}</RouterLink>
          </Link>
          <Link asChild color="inherit">
            <RouterLink to="/auth/terms#contact">{t('auth.footer.contact')}</RouterLink>
          </Link>
          <Link asChild color="inherit">
            <RouterLink to="/auth/terms#news">{t('auth.footer.news')}</RouterLink>
          </Link>
          <Box>
            <LanguagePicker size="xs" />
          </Box>
        </HStack>
      </Stack>
    </Flex>
  );
}
