/** What the staff accounts page shows to a user who may not list them: its title and why. */
import { Alert, Box, Heading } from '@trungtam/shared/ui/core';

export function StaffNoAccess({ title, text }: { title: string; text: string }) {
  return (
    <Box>
      <Heading as="h1" size="lg" mb="5">
        {title}
      </Heading>
      <Alert.Root status="info">
        <Alert.Indicator />
        <Alert.Title>{text}</Alert.Title>
      </Alert.Root>
    </Box>
  );
}
