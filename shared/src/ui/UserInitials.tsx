/**
 * A person's initials in a circle: the header's account button and the account page. It is the look of
 * Chakra's avatar without a photo (the suite has none) and without its state machine, which is one of the
 * deferred downloads (deferred.tsx): the signed-in layout renders without waiting for it.
 */
import { Center } from '@chakra-ui/react';

/** The first letters of the first and last words of a name (one letter for one word), as Chakra's avatar shows them. */
export function initialsOf(name: string | undefined): string {
  const words = (name ?? '').trim().split(/\s+/).filter(Boolean);
  if (words.length === 0) return '';
  const first = words[0];
  const last = words.length > 1 ? words[words.length - 1] : '';
  return `${first.charAt(0)}${last.charAt(0)}`.toLocaleUpperCase('vi');
}

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
