/**
 * The filter dropdown's popover (FilterDropdown.tsx): a small form over a draft of the filter values, with
 * Reset and Apply. Built with the kit, so downloaded with the deferred popover (the first use, or ahead
 * once the page has settled), not with a list's first screen, which draws the dropdown's button alone.
 */
import { Button, HStack, Stack } from '@chakra-ui/react';
import type { ReactElement, ReactNode } from 'react';
import { Popover, Portal } from './deferred';
import { FILTER_TEXTS } from './filterTexts';
// (the design system, which a page whose first screen is plain elements has not loaded yet)
import './theme';

export interface FilterPopoverProps<V> {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The dropdown's button, as the popover's trigger. */
  trigger: ReactElement;
  draft: V;
  setDraft: (next: V) => void;
  defaultValues: V;
  apply: (values: V) => void;
  children: (draft: V, setDraft: (next: V) => void) => ReactNode;
}

export function FilterPopover<V>({ open, onOpenChange, trigger, draft, setDraft, defaultValues, apply, children }: FilterPopoverProps<V>) {
  return (
    <Popover.Root
      open={open}
      onOpenChange={(event) => onOpenChange(event.open)}
      positioning={{ placement: 'bottom-end' }}
      lazyMount
      unmountOnExit
    >
      <Popover.Trigger asChild>{trigger}</Popover.Trigger>
      <Portal>
        <Popover.Positioner>
          <Popover.Content width="xs">
            <Popover.Header fontWeight="semibold">
              <Popover.Title>{FILTER_TEXTS.title}</Popover.Title>
            </Popover.Header>
            <Popover.Body>
              <form
                aria-label={FILTER_TEXTS.title}
                onSubmit={(event) => {
                  event.preventDefault();
                  apply(draft);
                }}
              >
                <Stack gap="4">
                  {children(draft, setDraft)}
                  <HStack justify="flex-end" gap="2">
                    <Button
                      type="button"
                      variant="outline"
                      size="sm"
                      onClick={() => {
                        setDraft(defaultValues);
                        apply(defaultValues);
                      }}
                    >
                      {FILTER_TEXTS.reset}
                    </Button>
                    <Button type="submit" colorPalette="blue" size="sm">
                      {FILTER_TEXTS.apply}
                    </Button>
                  </HStack>
                </Stack>
              </form>
            </Popover.Body>
          </Popover.Content>
        </Popover.Positioner>
      </Portal>
    </Popover.Root>
  );
}

