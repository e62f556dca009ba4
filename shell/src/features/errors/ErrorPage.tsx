import { Link as RouterLink } from '@trungtam/shared/router';
import { Button, Center, Heading, Logo, Stack, Text } from '@trungtam/shared/ui/core';
import { useTranslation } from '@trungtam/shared/i18n';

/** /error/404 'Page Not Found' and /error/500 'System Error', each with a way home. */
export function ErrorPage({ code }: { code: 404 | 500 }) {
  const { t } = useTranslation();
  const key = code === 404 ? 'notFound' : 'system';
  return (
    <Center minH="100vh" px="4" bg="bg.subtle">
      <Stack as="main" align="center" gap="5" textAlign="center" maxW="md">
        <Logo size={56} />
        <Text fontSize="6xl" fontWeight="bold" color="blue.600" lineHeight="1">
          {code}
        </Text>
        <Heading as="h1" size="2xl">
          {t(`error.${key}.title`)}
        </Heading>
        <Text color="fg.muted">{t(`error.${key}.text`)}</Text>
        <Button asChild colorPalette="blue">
          <RouterLink to="/">{t('error.home')}</RouterLink>
        </Button>
      </Stack>
    </Center>
  );
}
