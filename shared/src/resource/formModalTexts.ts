/** The form modal's own words (FormModal.tsx), apart from it: it downloads with the forms. */
export const FORM_MODAL_TEXTS = { cancel: 'Huỷ', close: 'Đóng' } as const;
