/**
 * The words, texts and page size of the screens of named entries (NamedItemScreen.tsx), apart from the
 * screen itself, which downloads with the forms.
 */

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
