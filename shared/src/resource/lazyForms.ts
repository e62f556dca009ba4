/**
 * The resource kit's form parts as the kit exports them: each downloads with its code apart from the
 * screen (lazyParts.tsx). A screen's closed form modal draws nothing and needs no form code; the account
 * pickers download with the form modal, so that an open form does not wait for them again.
 */
import type { FormikValues } from 'formik';
import { createElement, type ComponentType, type ReactElement } from 'react';
import type { AnySchema } from 'yup';
import { alsoDownloadWith } from '@trungtam/shared/ui/list';
import type { AccountListPickerProps, AccountPickerProps, SearchPickerProps } from './AccountPicker';
import type { FilterSelectProps, FilterTextProps } from './FilterFields';
import type { FormModalProps } from './FormModal';
import type { NamedItem, NamedItemScreenProps } from './namedItems';
import { lazyDialog, lazyPart, withEveryDialog, type LazyComponent } from '../ui/lazyParts';

type Preloadable = Pick<LazyComponent<never>, 'preload'>;

export const AccountPicker = lazyPart<AccountPickerProps>('AccountPicker', () => import('./AccountPicker').then((m) => m.AccountPicker));
/** One row of the area's own (a class) chosen among those matching a search; typed by its rows where it is used. */
export const SearchPicker = lazyPart<SearchPickerProps<never>>('SearchPicker', () => import('./AccountPicker').then((m) => m.SearchPicker)) as unknown as <Row>(
  props: SearchPickerProps<Row>,
) => ReactElement;
export const AccountListPicker = lazyPart<AccountListPickerProps>('AccountListPicker', () =>
  import('./AccountPicker').then((m) => m.AccountListPicker),
);

type AnyFormModal = ComponentType<FormModalProps<FormikValues, unknown>>;
export const FormModal = lazyDialog('FormModal', () =>
  Promise.all([import('./FormModal'), AccountPicker.preload()]).then(([m]) => m.FormModal as AnyFormModal),
) as unknown as (<V extends FormikValues, T>(props: FormModalProps<V, T>) => ReactElement | null) & Preloadable;
// (a screen's own form dialog is built on it: downloaded with any of them)
withEveryDialog(FormModal);

/** The kit's form modal given its rules by the one who draws it (lazySchema). */
export type FormModalWithRules = (<V extends FormikValues, T>(props: Omit<FormModalProps<V, T>, 'validationSchema'>) => ReactElement | null) & Preloadable;

/**
 * A form's rules whose code downloads apart from its screen. A first page's form built from its record's
 * shared write schema (`yupFromSchema` over the TypeBox schema the API validates with) would download
 * that schema's code before the list shows; declared with `lazySchema`, the rules download with the form
 * modal, as a lazy dialog's code does: when the form first opens, or ahead once the page has settled.
 * `lazySchema(() => import('./eventSchema').then((m) => m.eventSchema))`, the module that builds them
 * beside the screen; DataSourceScreen takes it as its form's `schema`.
 */
export interface LazySchema {
  readonly kind: 'lazy-schema';
  /** The kit's form modal with these rules. */
  readonly FormModal: FormModalWithRules;
}

export function lazySchema(build: () => Promise<AnySchema>): LazySchema {
  const WithRules = lazyDialog('FormModal', () =>
    Promise.all([FormModal.preload(), build()]).then(([, validationSchema]) => {
      const RulesFormModal = (props: Omit<FormModalProps<FormikValues, unknown>, 'validationSchema'>) => createElement(FormModal, { ...props, validationSchema });
      return RulesFormModal;
    }),
  );
  return { kind: 'lazy-schema', FormModal: WithRules as unknown as FormModalWithRules };
}

export const isLazySchema = (schema: unknown): schema is LazySchema =>
  typeof schema === 'object' && schema !== null && (schema as Partial<LazySchema>).kind === 'lazy-schema';

type AnyNamedItemScreen = ComponentType<NamedItemScreenProps<NamedItem>>;
export const NamedItemScreen = lazyPart('NamedItemScreen', () =>
  import('./NamedItemScreen').then((m) => m.NamedItemScreen as AnyNamedItemScreen),
) as unknown as (<T extends NamedItem>(props: NamedItemScreenProps<T>) => ReactElement | null) & Preloadable;

// The filter dropdown's fields, built with the kit: downloaded with its popover (the first use, or ahead).
export const FilterSelect = lazyPart<FilterSelectProps>('FilterSelect', () => import('./FilterFields').then((m) => m.FilterSelect));
export const FilterText = lazyPart<FilterTextProps>('FilterText', () => import('./FilterFields').then((m) => m.FilterText));
alsoDownloadWith('Popover', FilterSelect.preload);
alsoDownloadWith('Popover', FilterText.preload);
