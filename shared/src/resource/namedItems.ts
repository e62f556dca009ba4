/**
 * The words, texts and page size of the screens of named entries (NamedItemScreen.tsx), apart from the
 * screen itself, which downloads with the forms.
 */
import type { ObjectJsonSchema } from '@trungtam/shared/forms';
import type { PermissionResource } from '@trungtam/shared/permissions';
import type { DataSource } from './hooks';

/** The words of one such screen: 'loại sản phẩm' / 'Loại sản phẩm'. */
export interface NamedItemWords {
  /** Lower case, as inside a sentence. */
  one: string;
  /** The screen's title. */
  title: string;
}

export const namedItemTexts = ({ one, title }: NamedItemWords, describe = true) => ({
  title,
  count: (n: number) => `${n} ${one}`,
  add: `Thêm ${one}`,
  table: `Danh sách ${one}`,
  name: `Tên ${one}`,
  description: 'Mô tả',
  search: describe ? 'Tìm theo tên, mô tả' : 'Tìm theo tên',
  nameRequired: `Tên ${one} không được để trống`,
  nameMax: `Tên ${one} dài nhất là 255 kí tự`,
  descriptionMax: 'Mô tả dài nhất là 2000 kí tự',
  created: `Bạn đã thêm ${one} thành công`,
  updated: `Bạn đã cập nhật ${one} thành công`,
});

/** A named entry: its name and, on the screens that have one, its description. */
export interface NamedItem {
  name: string;
  description?: string | null;
}

export const NAMED_ITEMS_PAGE_SIZE = 20;

/** What a screen of named entries is told (NamedItemScreen.tsx). */
export interface NamedItemScreenProps<T extends NamedItem> {
  source: DataSource<T>;
  permission: PermissionResource;
  words: NamedItemWords;
  /** The id's name in the update body and the list's default sort ('id', 'topic_id'). */
  idField: string;
  /** Whether the entries have a description (default: they do). */
  describe?: boolean;
  /** The API's write schema of an entry: the form takes its limits and messages from it. */
  writeSchema?: ObjectJsonSchema;
}
