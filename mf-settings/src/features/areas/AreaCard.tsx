/**
 * One area as a card (a column on a phone): its name and whether it is on, the stable build, the
 * candidate with who gets it, the previous stable build, its builds, the actions it offers now, and its
 * health with its rollout guard (AreaHealthPanel).
 */
import { formatDateMinute } from '@trungtam/shared/format';
import type { RemoteArea } from '@trungtam/shared/schemas/remotes';
import { Badge, Box, Button, Card, Fact, Flex, Heading, HStack, SimpleGrid, Stack, Table, Text } from '@trungtam/shared/ui';
import { useState } from 'react';
import type { AreaAction } from './AreaActionDialog';
import { AreaHealthPanel, type AreaHealthPanelProps } from './AreaHealthPanel';
import { candidateBuilds } from './RolloutDialog';
import { AREAS_TEXTS as T, describeRollout, type RolloutNames } from './texts';
import { areaLabel } from '../../common/areaLabels';

/** Builds shown before "Xem cả N bản dựng". */
export const BUILDS_SHOWN = 5;

function Build({ version, entry }: { version: string; entry: string }) {
  return (
    <>
      <Text fontWeight="medium">{version}</Text>
      <Text fontSize="xs" color="fg.muted" wordBreak="break-all">
        {entry}
      </Text>
    </>
  );
}

function Builds({ area }: { area: RemoteArea }) {
  const [all, setAll] = useState(false);
  const shown = all ? area.builds : area.builds.slice(0, BUILDS_SHOWN);
  if (area.builds.length === 0) return <Text color="fg.muted">{T.noBuilds}</Text>;
  return (
    <Stack gap="2">
      <Box overflowX="auto">
        <Table.Root size="sm" aria-label={T.buildsTable(areaLabel(area.name))}>
          <Table.Header>
            <Table.Row>
              <Table.ColumnHeader>{T.version}</Table.ColumnHeader>
              <Table.ColumnHeader>{T.releasedAt}</Table.ColumnHeader>
              <Table.ColumnHeader>{T.releasedBy}</Table.ColumnHeader>
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {shown.map((build) => (
              <Table.Row key={build.version}>
                <Table.Cell>
                  <HStack gap="1.5" wrap="wrap">
                    <Text as="span">{build.version}</Text>
                    {build.version === area.stable.version && <Badge colorPalette="green">{T.stableTag}</Badge>}
                    {build.version === area.candidate?.version && <Badge colorPalette="orange">{T.candidateTag}</Badge>}
                  </HStack>
                </Table.Cell>
                <Table.Cell whiteSpace="nowrap">{formatDateMinute(build.released_at)}</Table.Cell>
                <Table.Cell>{build.released_by?.name ?? T.fromRegistry}</Table.Cell>
              </Table.Row>
            ))}
          </Table.Body>
        </Table.Root>
      </Box>
      {area.builds.length > BUILDS_SHOWN && (
        <Box>
          <Button size="xs" variant="ghost" onClick={() => setAll(!all)} aria-expanded={all}>
            {all ? T.fewerBuilds : T.allBuilds(area.builds.length)}
          </Button>
        </Box>
      )}
    </Stack>
  );
}

export interface AreaCardProps {
  area: RemoteArea;
  names: RolloutNames;
  onRelease: (area: RemoteArea) => void;
  onAction: (action: AreaAction, area: RemoteArea) => void;
  onGuardSettings: AreaHealthPanelProps['onGuardSettings'];
}

export function AreaCard({ area, names, onRelease, onAction, onGuardSettings }: AreaCardProps) {
  const headingId = `area-${area.name}`;
  const releasable = candidateBuilds(area).length > 0;
  return (
    <Card.Root as="article" aria-labelledby={headingId}>
      <Card.Header pb="3">
        <Flex justify="space-between" align={{ base: 'flex-start', md: 'center' }} gap="3" wrap="wrap">
          <HStack gap="2">
            <Heading as="h2" size="md" id={headingId}>
              {areaLabel(area.name)}
            </Heading>
            <Badge colorPalette={area.enabled ? 'green' : 'gray'}>{area.enabled ? T.enabled : T.disabled}</Badge>
          </HStack>
          <Flex gap="2" wrap="wrap">
            <Button size="sm" colorPalette="blue" onClick={() => onRelease(area)} disabled={!releasable}>
              {T.release}
            </Button>
            {area.candidate && (
              <Button size="sm" variant="outline" onClick={() => onAction('promote', area)}>
                {T.promote}
              </Button>
            )}
            {(area.candidate || area.previous_stable) && (
              <Button size="sm" variant="outline" onClick={() => onAction('rollback', area)}>
                {T.rollback}
              </Button>
            )}
            <Button size="sm" variant="outline" colorPalette={area.enabled ? 'red' : undefined} onClick={() => onAction(area.enabled ? 'disable' : 'enable', area)}>
              {area.enabled ? T.disable : T.enable}
            </Button>
          </Flex>
        </Flex>
      </Card.Header>
      <Card.Body pt="0">
        <Stack gap="5">
          <SimpleGrid columns={{ base: 1, md: 3 }} gap="4">
            <Fact label={T.stable}>
              <Build version={area.stable.version} entry={area.stable.entry} />
            </Fact>
            <Fact label={T.candidate}>
              {area.candidate ? (
                <>
                  <Build version={area.candidate.version} entry={area.candidate.entry} />
                  <Text mt="1">
                    {T.recipients}: {describeRollout(area.rollout, names)}
                  </Text>
                </>
              ) : (
                <>
                  <Text color="fg.muted">{T.none}</Text>
                  {!releasable && (
                    <Text fontSize="xs" color="fg.muted">
                      {T.releaseUnavailable}
                    </Text>
                  )}
                </>
              )}
            </Fact>
            <Fact label={T.previousStable}>
              {area.previous_stable ? <Build version={area.previous_stable.version} entry={area.previous_stable.entry} /> : <Text color="fg.muted">{T.none}</Text>}
            </Fact>
          </SimpleGrid>
          <Stack gap="2">
            <Text fontWeight="semibold" fontSize="sm">
              {T.builds}
            </Text>
            <Builds area={area} />
          </Stack>
          <AreaHealthPanel area={area} onGuardSettings={onGuardSettings} />
        </Stack>
      </Card.Body>
    </Card.Root>
  );
}
