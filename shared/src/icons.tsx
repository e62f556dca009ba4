/**
 * The suite's one icon set: small inline line icons (no icon library on the wire), decorative
 * (`aria-hidden`): the buttons and links that hold them carry the names. `ICONS` names them, so that a
 * remote's menu entry can say which icon it wants (`icon: 'users'` in the remotes list).
 */
import type { ReactElement, SVGProps } from 'react';

function Svg({ size = 16, ...props }: SVGProps<SVGSVGElement> & { size?: number }) {
  return (
    <svg
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
      {...props}
    />
  );
}

type IconProps = { size?: number };

export const MenuIcon = ({ size = 20 }: IconProps) => (
  <Svg size={size}>
    <path d="M4 6h16M4 12h16M4 18h16" />
  </Svg>
);
export const BellIcon = ({ size = 20 }: IconProps) => (
  <Svg size={size}>
    <path d="M6 8a6 6 0 1 1 12 0c0 7 3 9 3 9H3s3-2 3-9" />
    <path d="M10.3 21a1.94 1.94 0 0 0 3.4 0" />
  </Svg>
);
export const ArrowUpIcon = ({ size = 20 }: IconProps) => (
  <Svg size={size}>
    <path d="M12 19V5M5 12l7-7 7 7" />
  </Svg>
);
export const HomeIcon = ({ size = 18 }: IconProps) => (
  <Svg size={size}>
    <path d="M3 10.5 12 3l9 7.5V20a1 1 0 0 1-1 1h-5v-6H9v6H4a1 1 0 0 1-1-1z" />
  </Svg>
);
export const DotIcon = ({ size = 8 }: IconProps) => (
  <Svg size={size} viewBox="0 0 8 8" stroke="none" fill="currentColor">
    <circle cx="4" cy="4" r="3" />
  </Svg>
);
export const KeyIcon = ({ size }: IconProps) => (
  <Svg size={size}>
    <circle cx="7.5" cy="15.5" r="4.5" />
    <path d="M10.7 12.3 21 2M16 7l3 3M19 4l2 2" />
  </Svg>
);
export const EditIcon = ({ size }: IconProps) => (
  <Svg size={size}>
    <path d="M12 20h9" />
    <path d="M16.5 3.5a2.1 2.1 0 0 1 3 3L7 19l-4 1 1-4z" />
  </Svg>
);
export const TrashIcon = ({ size }: IconProps) => (
  <Svg size={size}>
    <path d="M3 6h18M8 6V4h8v2M19 6l-1 14H6L5 6M10 11v6M14 11v6" />
  </Svg>
);
/** A door with an arrow leaving it: signing out. */
export const SignOutIcon = ({ size }: IconProps) => (
  <Svg size={size}>
    <path d="M9 21H5a2 2 0 0 1-2-2V5a2 2 0 0 1 2-2h4M16 17l5-5-5-5M21 12H9" />
  </Svg>
);
export const PlusIcon = ({ size }: IconProps) => (
  <Svg size={size}>
    <path d="M12 5v14M5 12h14" />
  </Svg>
);
export const MoreIcon = ({ size }: IconProps) => (
  <Svg size={size}>
    <circle cx="5" cy="12" r="1" />
    <circle cx="12" cy="12" r="1" />
    <circle cx="19" cy="12" r="1" />
  </Svg>
);
export const ListIcon = ({ size }: IconProps) => (
  <Svg size={size}>
    <path d="M8 6h13M8 12h13M8 18h13M3 6h.01M3 12h.01M3 18h.01" />
  </Svg>
);
/** A floppy disk: save again (a saved view's filters overwritten). */
export const SaveIcon = ({ size }: IconProps) => (
  <Svg size={size}>
    <path d="M19 21H5a2 2 0 0 1-2-2V5a2 2 0 0 1 2-2h11l5 5v11a2 2 0 0 1-2 2z" />
    <path d="M17 21v-8H7v8M7 3v5h8" />
  </Svg>
);
export const DownloadIcon = ({ size }: IconProps) => (
  <Svg size={size}>
    <path d="M12 3v12M7 10l5 5 5-5M5 21h14" />
  </Svg>
);
export const UploadIcon = ({ size }: IconProps) => (
  <Svg size={size}>
    <path d="M12 16V4M7 9l5-5 5 5M5 21h14" />
  </Svg>
);
export const UsersIcon = ({ size }: IconProps) => (
  <Svg size={size}>
    <path d="M16 21v-2a4 4 0 0 0-4-4H6a4 4 0 0 0-4 4v2" />
    <circle cx="9" cy="7" r="4" />
    <path d="M22 21v-2a4 4 0 0 0-3-3.9M16 3.1a4 4 0 0 1 0 7.8" />
  </Svg>
);
export const BookIcon = ({ size }: IconProps) => (
  <Svg size={size}>
    <path d="M4 19.5A2.5 2.5 0 0 1 6.5 17H20V3H6.5A2.5 2.5 0 0 0 4 5.5z" />
    <path d="M4 19.5V21h16" />
  </Svg>
);
export const SettingsIcon = ({ size }: IconProps) => (
  <Svg size={size}>
    <circle cx="12" cy="12" r="3" />
    <path d="M19.4 15a1.7 1.7 0 0 0 .3 1.8l.1.1a2 2 0 1 1-2.8 2.8l-.1-.1a1.7 1.7 0 0 0-1.8-.3 1.7 1.7 0 0 0-1 1.5V21a2 2 0 1 1-4 0v-.1a1.7 1.7 0 0 0-1.1-1.5 1.7 1.7 0 0 0-1.8.3l-.1.1a2 2 0 1 1-2.8-2.8l.1-.1a1.7 1.7 0 0 0 .3-1.8 1.7 1.7 0 0 0-1.5-1H3a2 2 0 1 1 0-4h.1a1.7 1.7 0 0 0 1.5-1.1 1.7 1.7 0 0 0-.3-1.8l-.1-.1a2 2 0 1 1 2.8-2.8l.1.1a1.7 1.7 0 0 0 1.8.3H9a1.7 1.7 0 0 0 1-1.5V3a2 2 0 1 1 4 0v.1a1.7 1.7 0 0 0 1 1.5 1.7 1.7 0 0 0 1.8-.3l.1-.1a2 2 0 1 1 2.8 2.8l-.1.1a1.7 1.7 0 0 0-.3 1.8V9a1.7 1.7 0 0 0 1.5 1H21a2 2 0 1 1 0 4h-.1a1.7 1.7 0 0 0-1.5 1z" />
  </Svg>
);
export const TrophyIcon = ({ size }: IconProps) => (
  <Svg size={size}>
    <path d="M8 21h8M12 17v4M7 4h10v5a5 5 0 0 1-10 0z" />
    <path d="M17 5h3v2a3 3 0 0 1-3 3M7 5H4v2a3 3 0 0 0 3 3" />
  </Svg>
);
export const CalendarIcon = ({ size }: IconProps) => (
  <Svg size={size}>
    <rect x="3" y="4" width="18" height="18" rx="2" />
    <path d="M16 2v4M8 2v4M3 10h18" />
  </Svg>
);
export const ChevronLeftIcon = ({ size }: IconProps) => (
  <Svg size={size}>
    <path d="M15 18l-6-6 6-6" />
  </Svg>
);
export const ChevronRightIcon = ({ size }: IconProps) => (
  <Svg size={size}>
    <path d="M9 18l6-6-6-6" />
  </Svg>
);

/** Icons by name, for the menu entries of the remotes list. */
export const ICONS: Record<string, (props: IconProps) => ReactElement> = {
  home: HomeIcon,
  users: UsersIcon,
  teachers: BookIcon,
  students: UsersIcon,
  accounts: KeyIcon,
  book: BookIcon,
  settings: SettingsIcon,
  trophy: TrophyIcon,
  list: ListIcon,
  calendar: CalendarIcon,
  bell: BellIcon,
  dot: DotIcon,
};
