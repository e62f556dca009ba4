/**
 * A person's initials in a circle: the header's account button and the account page. It is the look of
 * Chakra's avatar without a photo (the suite has none) and without its state machine, which is one of the
 * deferred downloads (deferred.tsx): the signed-in layout renders without waiting for it.
 */
import { Center } from '@chakra-ui/react';
// (the design system, which a page whose first screen is plain elements has not loaded yet)
import './theme';
import { initialsOf } from './initials';

export { initialsOf };

/** The sizes the suite uses: Chakra's avatar sizes sm (the header) and xl (the account page). */
const SIZES = {
  sm: { boxSize: '9', fontSize: 'sm' },
  xl: { boxSize: '12', fontSize: 'lg' },
} as const;

export interface UserInitialsProps {
  name: string | undefined;
  size?: keyof typeof SIZES;
}

/** Decorative: the name itself is given by the surrounding control or text. */
export function UserInitials({ name, size = 'sm' }: UserInitialsProps) {
  return (
    <Center aria-hidden="true" flexShrink={0} rounded="full" bg="blue.muted" color="blue.fg" fontWeight="medium" lineHeight="1" userSelect="none" {...SIZES[size]}>
      {initialsOf(name)}
    </Center>
  );
}
