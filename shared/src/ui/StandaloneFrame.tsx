/**
 * A minimal frame for running one remote on its own in development, against the same API as the
 * suite: the providers the shell would give (theme and toaster, the shared query client, a router),
 * a sign-in form while signed out, and a top bar with the remote's routes and a sign-out button.
 * Used only by the remotes' standalone entries; the shell never renders it. The kit's entry point
 * loads this module on first use (standalone.tsx), so that the query client and the frame's sign-in
 * schema are not on the shell's pages.
 */
import { Box, Button, Card, Center, Flex, HStack, Heading, Link, Spinner, Stack, Text } from '@chakra-ui/react';
// (the design system, which a page whose first screen is plain elements has not loaded yet)
import './theme';
import { QueryClientProvider } from '@tanstack/react-query';
import { api, unwrap } from '@trungtam/shared/api';
import { queryClient } from '@trungtam/shared/query';
import { useSession } from '@trungtam/shared/session';
import { Suspense, useEffect, useState } from 'react';
import { BrowserRouter, Navigate, NavLink, Route, Routes } from '@trungtam/shared/router';
import * as yup from 'yup';
import type { ApiData, LoginRequest, LoginResponse } from '../contracts';
import { LIMITS, MESSAGES } from '../validation';
import { emailString } from '../forms/fields';
import { FormField, SubmitButton, SubmitForm } from '@trungtam/shared/ui/forms';
import { UiProvider } from './provider';

import { STANDALONE_TEXTS, type StandaloneFrameProps } from './standalone';

const signInSchema = yup.object({
  email: emailString(MESSAGES.loginEmailFormat)
    .required(MESSAGES.loginEmailRequired)
    .min(LIMITS.authField.min, MESSAGES.loginMin)
    .max(LIMITS.authField.max, MESSAGES.loginMax),
  password: yup
    .string()
    .required(MESSAGES.loginPasswordRequired)
    .min(LIMITS.authField.min, MESSAGES.loginMin)
    .max(LIMITS.authField.max, MESSAGES.loginMax),
});

export function StandaloneFrame(props: StandaloneFrameProps) {
  return (
    <UiProvider>
      <QueryClientProvider client={queryClient}>
        <BrowserRouter>
          <Gate {...props} />
        </BrowserRouter>
      </QueryClientProvider>
    </UiProvider>
  );
}

function Gate({ appName, routes, children }: StandaloneFrameProps) {
  const user = useSession((state) => state.user);
  const token = useSession((state) => state.accessToken);
  const [restoring, setRestoring] = useState(() => !!useSession.getState().accessToken);

  useEffect(() => {
    if (!useSession.getState().accessToken) return;
    void useSession
      .getState()
      .restore()
      .finally(() => setRestoring(false));
  }, []);

  if (restoring) return null;
  if (!token || !user) return <SignIn appName={appName} />;

  return (
    <Box minH="100vh">
      <Flex as="header" bg="bg" borderBottomWidth="1px" px="6" py="3" align="center" gap="6" wrap="wrap">
        <Heading size="md">
          {appName}{' '}
          <Text as="span" color="fg.muted" fontSize="sm" fontWeight="normal">
            ({STANDALONE_TEXTS.standalone})
          </Text>
        </Heading>
        <HStack as="nav" gap="4" flex="1">
          {routes.map((route) => (
            <Link key={route.path} asChild>
              <NavLink to={route.path}>{route.label}</NavLink>
            </Link>
          ))}
        </HStack>
        <Text color="fg.muted">{user.name}</Text>
        <Button size="sm" variant="outline" onClick={() => void useSession.getState().logOut()}>
          {STANDALONE_TEXTS.signOut}
        </Button>
      </Flex>
      <Box as="main" p="6">
        {/* a screen's first use of a deferred component (deferred.tsx) waits here */}
        <Suspense fallback={<Center py="16"><Spinner size="lg" /></Center>}>
          <Routes>
            {routes.map((route) => (
              <Route key={route.path} path={route.path} element={children(route.path)} />
            ))}
            {routes[0] && <Route path="*" element={<Navigate to={routes[0].path} replace />} />}
          </Routes>
        </Suspense>
      </Box>
    </Box>
  );
}

function SignIn({ appName }: { appName: string }) {
  return (
    <Center minH="100vh" p="4">
      <Card.Root width="full" maxW="sm">
        <Card.Body>
          <Stack gap="5">
            <Heading size="lg" textAlign="center">
              {STANDALONE_TEXTS.signInTitle} · {appName}
            </Heading>
            <SubmitForm<LoginRequest>
              aria-label={STANDALONE_TEXTS.signInTitle}
              initialValues={{ email: '', password: '' }}
              validationSchema={signInSchema}
              failureMessage={MESSAGES.loginFailed}
              onSubmit={async (values) => {
                const result = await unwrap(api.post<ApiData<LoginResponse>>('/auth/login', values));
                await useSession.getState().signIn(result.auth.accessToken);
              }}
            >
              <Stack gap="4">
                <FormField name="email" type="email" label={STANDALONE_TEXTS.email} autoComplete="username" />
                <FormField
                  name="password"
                  type="password"
                  label={STANDALONE_TEXTS.password}
                  autoComplete="current-password"
                />
                <SubmitButton width="full">{STANDALONE_TEXTS.signIn}</SubmitButton>
              </Stack>
            </SubmitForm>
          </Stack>
        </Card.Body>
      </Card.Root>
    </Center>
  );
}
