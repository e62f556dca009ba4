/**
 * Areas (/settings/areas, System ManageAreas): the remote areas of the portal as they are rolled out.
 * Per area its stable build, its candidate and who gets it, the previous stable build and its builds;
 * "Phát hành thử nghiệm" sets the candidate and who gets it, "Đưa lên ổn định" promotes it, "Quay lại"
 * turns the candidate off (or goes back to the previous stable build), and an area can be turned off for
 * everyone. "Xem như người dùng…" shows the builds one account gets. Each area shows its health (stable
 * beside candidate) and its rollout guard, whose settings open from it. Builds themselves are released
 * by the release command, not here.
 */
import type { RemoteArea } from '@trungtam/shared/schemas/remotes';
import { Box, Button, Flex, Heading, Stack, StateNotice, Text } from '@trungtam/shared/ui';
import { useState } from 'react';
import { useAreas } from './api';
import { AreaActionDialog, type PendingAction } from './AreaActionDialog';
import { AreaCard } from './AreaCard';
import { GuardDialog, type GuardTarget } from './GuardDialog';
import { useRolloutLookups } from './lookups';
import { PreviewDialog } from './PreviewDialog';
import { RolloutDialog } from './RolloutDialog';
import { AREAS_TEXTS as T } from './texts';

/** `formDelayMs`: the rollout and guard forms' wait before their call (1 second; tests pass 0). */
export function AreasPage({ formDelayMs }: { formDelayMs?: number }) {
  const list = useAreas();
  const areas = list.data ?? [];
  const lookups = useRolloutLookups(areas);
  const [releasing, setReleasing] = useState<RemoteArea | null>(null);
  const [pending, setPending] = useState<PendingAction | null>(null);
  const [previewing, setPreviewing] = useState(false);
  const [guarding, setGuarding] = useState<GuardTarget | null>(null);
  const loading = list.isPending;
  const failed = list.isError && !list.data;

  return (
    <Box>
      <Flex justify="space-between" align={{ base: 'flex-start', md: 'center' }} gap="4" wrap="wrap" mb="5">
        <Box>
          <Heading as="h1" size="lg">
            {T.title}
          </Heading>
          {!failed && <Text color="fg.muted">{loading ? T.loading : T.count(areas.length)}</Text>}
        </Box>
        {lookups.may.users && (
          <Button size="sm" variant="outline" onClick={() => setPreviewing(true)}>
            {T.preview}
          </Button>
        )}
      </Flex>
      <StateNotice loading={loading} failed={failed} rowCount={areas.length} onRetry={() => void list.refetch()} emptyText={T.empty} />
      <Stack gap="4">
        {areas.map((area) => (
          <AreaCard key={area.name} area={area} names={lookups.names} onRelease={setReleasing} onAction={(action, target) => setPending({ action, area: target })}
            onGuardSettings={(target, settings) => setGuarding({ area: target, settings })}
          />
        ))}
      </Stack>
      <RolloutDialog area={releasing} onClose={() => setReleasing(null)} lookups={lookups} formDelayMs={formDelayMs} />
      <AreaActionDialog pending={pending} onClose={() => setPending(null)} />
      <GuardDialog target={guarding} onClose={() => setGuarding(null)} formDelayMs={formDelayMs} />
      <PreviewDialog open={previewing} onClose={() => setPreviewing(false)} areas={areas} />
    </Box>
  );
}
