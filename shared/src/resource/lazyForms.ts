/**
 * The resource kit's form parts as the kit exports them: each downloads with its code apart from the
 * screen (lazyParts.tsx). A screen's closed form modal draws nothing and needs no form code; the account
 * pickers download with the form modal, so that an open form does not wait for them again.
 */
import type { FormikValues } from 'formik';
import type { ComponentType, ReactElement } from 'react';
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

type AnyNamedItemScreen = ComponentType<NamedItemScreenProps<NamedItem>>;
export const NamedItemScreen = lazyPart('NamedItemScreen', () =>
  import('./NamedItemScreen').then((m) => m.NamedItemScreen as AnyNamedItemScreen),
) as unknown as (<T extends NamedItem>(props: NamedItemScreenProps<T>) => ReactElement | null) & Preloadable;

// The filter dropdown's fields, built with the kit: downloaded with its popover (the first use, or ahead).
export const FilterSelect = lazyPart<FilterSelectProps>('FilterSelect', () => import('./FilterFields').then((m) => m.FilterSelect));
export const FilterText = lazyPart<FilterTextProps>('FilterText', () => import('./FilterFields').then((m) => m.FilterText));
alsoDownloadWith('Popover', FilterSelect.preload);
alsoDownloadWith('Popover', FilterText.preload);
