/** The routes this remote renders (the remotes list gives the shell the same paths, with their permissions). */
export const SETTINGS_PATHS = {
  roles: '/settings/roles',
  notifications: '/settings/notifications',
  centers: '/settings/learning/centers',
  rooms: '/settings/learning/rooms',
  discounts: '/settings/product/discount',
  productTypes: '/settings/product/product-types',
  vendors: '/settings/product/vendors',
  variantGroups: '/settings/product/variant-groups',
  variants: '/settings/product/variants',
  auditLog: '/settings/audit-log',
  areas: '/settings/areas',
} as const;

export type SettingsScreen = keyof typeof SETTINGS_PATHS;

export const SETTINGS_ROUTES = [
  { path: SETTINGS_PATHS.roles, label: 'Quyền tài khoản' },
  { path: SETTINGS_PATHS.notifications, label: 'Cài đặt thông báo' },
  { path: SETTINGS_PATHS.centers, label: 'Trung tâm' },
  { path: SETTINGS_PATHS.rooms, label: 'Phòng học' },
  { path: SETTINGS_PATHS.discounts, label: 'Khuyến mại' },
  { path: SETTINGS_PATHS.productTypes, label: 'Loại sản phẩm' },
  { path: SETTINGS_PATHS.vendors, label: 'Hình thức học' },
  { path: SETTINGS_PATHS.variantGroups, label: 'Nhóm thuộc tính' },
  { path: SETTINGS_PATHS.variants, label: 'Thuộc tính' },
  { path: SETTINGS_PATHS.auditLog, label: 'Nhật ký hệ thống' },
  { path: SETTINGS_PATHS.areas, label: 'Phân hệ' },
] as const;
