/**
 * A filter dropdown that really filters: a popover holding a small form over a draft of the filter
 * values. Apply hands the draft to `onApply`; Reset restores `defaultValues` and applies them. Both close.
 */
import { forwardRef, useState, type ButtonHTMLAttributes, type ComponentType, type ReactNode } from 'react';
import { alsoDownloadWith } from './deferred';
import { FILTER_TEXTS } from './filterTexts';
import type { FilterPopoverProps } from './FilterPopover';
import { lazyPart } from './lazyParts';
import { OnDemand, type StandInProps } from './OnDemand';
import './button.css';

export { FILTER_TEXTS } from './filterTexts';

/**
 * The popover, built with the kit (FilterPopover.tsx): downloaded with the deferred popover, on the
 * dropdown's first use or ahead, not with a list's first screen.
 */
const FilterPopover = lazyPart('FilterPopover', () => import('./FilterPopover').then((m) => m.FilterPopover as ComponentType<FilterPopoverProps<unknown>>));
alsoDownloadWith('Popover', FilterPopover.preload);

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
      <FilterPopover
        open={open}
        onOpenChange={(next) => {
          if (next) setDraft(value);
          setOpen(next);
        }}
        trigger={button({})}
        draft={draft}
        setDraft={(next) => setDraft(next as V)}
        defaultValues={defaultValues}
        apply={(next) => apply(next as V)}
      >
        {(current, set) => children(current as V, set as (next: V) => void)}
      </FilterPopover>
    </OnDemand>
  );
}

/**
 * The dropdown's button: the kit's outline button on a plain element (button.css), as a list's first
 * screen draws it at each of its renders. (A ref, for the popover's trigger: `asChild`.)
 */
const FilterTrigger = forwardRef<HTMLButtonElement, ButtonHTMLAttributes<HTMLButtonElement> & { label: string; activeCount?: number }>(
  function FilterTrigger({ label, activeCount, className, ...props }, ref) {
    // (the popover's trigger adds its own class, `asChild`: kept beside the button's)
    return (
      <button ref={ref} type="button" className={['kit-button kit-button--outline', className].filter(Boolean).join(' ')} {...props}>
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
