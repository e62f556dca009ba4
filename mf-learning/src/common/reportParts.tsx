/**
 * Pieces the learning area's report screens share (reports, revenue, the operations overview): a report's
 * titled card, a headline figure, and the lines above its tables that say why nothing can be read (a period the screen
 * refuses before asking, or a refusal the API explained).
 */
import { refusalOf, statusOf } from '@trungtam/shared/api';
import { Link as RouterLink } from '@trungtam/shared/router';
import { Card, Flex, Heading, Link, Text } from '@trungtam/shared/ui';
import type { ReactNode } from 'react';

/** A titled card of a report; `aside` sits at the title's end (a period, an export button). */
export function ReportSection({ title, aside, children }: { title: string; aside?: ReactNode; children: ReactNode }) {
  return (
    <Card.Root>
      <Card.Header pb="3">
        <Flex justify="space-between" align="center" gap="3" wrap="wrap">
          <Heading as="h2" size="md">
            {title}
          </Heading>
          {aside}
        </Flex>
      </Card.Header>
      {/* tables run to the card's edges; a section with more than a table pads its own content */}
      <Card.Body p="0">{children}</Card.Body>
    </Card.Root>
  );
}

/**
 * The alert lines of a report: the screen's own `problem` with its filters (nothing is asked then), and a
 * refusal the API explains (a 4xx), said as it wrote it; for any other failure the tables offer a retry.
 */
export function ReportProblems(props: { problem: string | null; failed: boolean; error: unknown; fallback: string; /** inside a card whose content runs to its edges */ inset?: boolean }) {
  const { problem, failed, error, fallback, inset } = props;
  const px = inset ? '5' : undefined;
  const refused = failed && statusOf(error) >= 400 && statusOf(error) < 500;
  return (
    <>
      {problem && (
        <Text color="fg.error" role="alert" px={px}>
          {problem}
        </Text>
      )}
      {refused && (
        <Text color="fg.error" role="alert" px={px}>
          {refusalOf(error, fallback)}
        </Text>
      )}
    </>
  );
}

/**
 * A headline figure of a report ("…" while it loads). With `to` the value is a link to the list behind
 * it, named for screen readers as `openLabel(label, value)`.
 */
export function ReportFigure(props: {
  label: string;
  value: string | undefined;
  hint?: string;
  tone?: 'accent' | 'danger';
  to?: string;
  openLabel?: (label: string, value: string) => string;
}) {
  const { label, value, hint, tone, to, openLabel } = props;
  return (
    <Card.Root size="sm" borderColor={tone === 'accent' ? 'colorPalette.solid' : undefined} colorPalette="blue">
      <Card.Body gap="1">
        <Text fontSize="sm" color="fg.muted">
          {label}
        </Text>
        <Text fontSize={{ base: 'lg', md: 'xl' }} fontWeight="bold" color={tone === 'danger' ? 'fg.error' : undefined} aria-live="polite">
          {value === undefined ? (
            '…'
          ) : to ? (
            <Link asChild colorPalette="blue">
              <RouterLink to={to} aria-label={openLabel?.(label, value)}>
                {value}
              </RouterLink>
            </Link>
          ) : (
            value
          )}
        </Text>
        {hint && (
          <Text fontSize="xs" color="fg.muted">
            {hint}
          </Text>
        )}
      </Card.Body>
    </Card.Root>
  );
}
