/**
 * A filter dropdown that really filters: a popover holding a small form over a draft of the filter
 * values. Apply hands the draft to `onApply`; Reset restores `defaultValues` and applies them. Both close.
 */
import { Button, HStack, Portal, Stack } from '@chakra-ui/react';
import { Popover } from './deferred';
import { OnDemand, type StandInProps } from './OnDemand';
import { forwardRef, useState, type ButtonHTMLAttributes, type ReactNode } from 'react';
import './button.css';

export const FILTER_TEXTS = {
  trigger: 'Bộ lọc',
  title: 'Tuỳ chọn lọc',
  reset: 'Đặt lại',
  apply: 'Áp dụng',
} as const;

export interface FilterDropdownProps<V> {
  /** The filter currently applied (the draft starts from it each time the dropdown opens). */
  value: V;
  /** What Reset goes back to. */
  defaultValues: V;
  onApply: (values: V) => void;
  /** The fields, editing the draft through `setDraft`. */
  children: (draft: V, setDraft: (next: V) => void) => ReactNode;
  /** Trigger text; defaults to 'Bộ lọc'. */
  label?: string;
  /** Number of filters that differ from the defaults, shown on the trigger. */
  activeCount?: number;
}

export function FilterDropdown<V>({
  value,
  defaultValues,
  onApply,
  children,
  label = FILTER_TEXTS.trigger,
  activeCount,
}: FilterDropdownProps<V>) {
  const [open, setOpen] = useState(false);
  const [draft, setDraft] = useState<V>(value);

  const apply = (next: V) => {
    onApply(next);
    setOpen(false);
  };
  const button = (props: Partial<StandInProps>) => <FilterTrigger label={label} activeCount={activeCount} {...props} />;

  // (the popover's code comes with the first use: a list's first screen draws the button alone)
  return (
    <OnDemand
      part="Popover"
      popup="dialog"
      button={button}
      onFirstOpen={() => {
        setDraft(value);
        setOpen(true);
      }}
    >
      <Popover.Root
        open={open}
        onOpenChange={(event) => {
          if (event.open) setDraft(value);
          setOpen(event.open);
        }}
        positioning={{ placement: 'bottom-end' }}
        lazyMount
        unmountOnExit
      >
        <Popover.Trigger asChild>{button({})}</Popover.Trigger>
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
    </OnDemand>
  );
}

/**
 * The dropdown's button: the kit's outline button on a plain element (button.css), as a list's first
 * screen draws it at each of its renders. (A ref, for the popover's trigger: `asChild`.)
 */
const FilterTrigger = forwardRef<HTMLButtonElement, ButtonHTMLAttributes<HTMLButtonElement> & { label: string; activeCount?: number }>(
  function FilterTrigger({ label, activeCount, ...props }, ref) {
    return (
      <button ref={ref} type="button" className="kit-button kit-button--outline" {...props}>
        <FilterIcon />
        {label}
        {!!activeCount && (
          <span className="kit-button__count" aria-label={`${activeCount}`}>
            {activeCount}
          </span>
        )}
      </button>
    );
  },
);

function FilterIcon() {
  return (
    <svg width="14" height="14" viewBox="0 0 24 24" fill="none" aria-hidden="true">
      <path d="M3 5h18l-7 8v6l-4 2v-8L3 5z" stroke="currentColor" strokeWidth="2" strokeLinejoin="round" />
    </svg>
  );
}
