/**
 * The HTTP contract between the API and every front end. The records and the requests are the API's own
 * schemas (shared/src/schemas: records, users, roles, learning, schedules, notifications), taken here as
 * types, so the two cannot drift apart; list query shapes and a few envelopes are written to match them.
 */
import type { Static } from 'typebox';
import type { NamedItemRecord, CenterRecord, PermissionRecord, RoleRecord, RoomRecord, UserRecord, VariantGroupRecord, VariantRecord } from './schemas/records';
import type { ApproveAccountBody, ChangePasswordBody, RejectAccountBody, SelfSignupSettingBody, StaffCreateBody, UpdatePasswordBody, UserUpdateBody } from './schemas/users';
import type { PermissionResource, UserType } from './permissions';

export type { Action, PermissionResource, UserType } from './permissions';
export * from './contracts/rules/common';
export * from './contracts/rules/savedViews';
export * from './contracts/rules/bulk';
import type { StudentSource } from './contracts/rules/common';

/** Every route of the API lives under this prefix. */
export const API_PREFIX = '/api/v1';

// ---------------------------------------------------------------- envelopes

export interface ApiData<T> {
  data: T;
}

export interface ListResult<T> {
  rows: T[];
  total_rows: number;
  total_pages: number;
}

export type ApiErrorCode =
  | 'VALIDATION_FAILED'
  | 'UNAUTHENTICATED'
  | 'FORBIDDEN'
  | 'NOT_FOUND'
  | 'CONFLICT'
  | 'ACCOUNT_LOCKED'
  /** A self-registered account waiting for approval calls a route other than its own account or sign-out (403). */
  | 'ACCOUNT_PENDING'
  /** Self sign-up is closed (403). */
  | 'REGISTRATION_CLOSED'
  | 'RATE_LIMITED'
  | 'UNPROCESSABLE'
  /** Something the answer depends on is out of reach now, or the instance is stopping (a load balancer retries a read elsewhere). */
  | 'UNAVAILABLE'
  | 'INTERNAL';

/** The error code the API answers a refusal of each status with (a 4xx not listed: VALIDATION_FAILED). */
export const ERROR_CODE_BY_STATUS: Readonly<Record<number, ApiErrorCode>> = {
  400: 'VALIDATION_FAILED',
  401: 'UNAUTHENTICATED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  409: 'CONFLICT',
  413: 'VALIDATION_FAILED',
  415: 'VALIDATION_FAILED',
  422: 'VALIDATION_FAILED',
  429: 'RATE_LIMITED',
};

export interface ApiErrorBody {
  error: {
    code: ApiErrorCode;
    message: string;
    /** Field name → message, for validation failures. */
    fields?: Record<string, string>;
  };
}

export type SortType = 'ASC' | 'DESC';

/** Common list parameters. `page` is 1-based; `limit` is capped by the API at MAX_LIST_LIMIT. */
export interface ListQuery {
  limit?: number;
  page?: number;
  sort_column?: string;
  sort_type?: SortType;
  relationships?: string | string[];
  search?: string;
}


// ---------------------------------------------------------------- statuses

/** 2: a self-registered account waiting for staff's approval (self sign-up in "needs approval" mode). */
export const ACCOUNT_STATUS = { ACTIVE: 1, PENDING: 2, LOCKED: 4 } as const;


export const ENROLLMENT_STATUS = { ACTIVE: 1, COMPLETED: 2, REMOVED: 3 } as const;

export const NOTIFICATION_READ = { READ: 1, UNREAD: 2 } as const;


// ---------------------------------------------------------------- accounts and roles

// The records are defined once, as the API's response schemas (schemas/records.ts); their types here.
export type Permission = Static<typeof PermissionRecord>;
export type Role = Static<typeof RoleRecord>;
/** An account as the API returns it (teacher and student extras optional). The password hash never leaves the API. */
export type User = Static<typeof UserRecord>;

// ---------------------------------------------------------------- auth

export interface LoginRequest {
  email: string;
  password: string;
}

export interface AuthToken {
  accessToken: string;
  /** Seconds until the token expires. */
  expiresIn: number;
}

export interface LoginResponse {
  auth: AuthToken;
  user: User;
}

/** Self sign-up (no token): creates a student account and signs it in. */
export interface SelfRegisterRequest {
  email: string;
  firstname: string;
  lastname: string;
  password: string;
}

export type SelfRegisterResponse = LoginResponse;

/** Staff creation of an account (token with User/Create): the same path as self sign-up. The API's own schema. */
export type StaffCreateRequest = Static<typeof StaffCreateBody>;

export interface StaffCreateResponse {
  data: User;
}

export interface ForgotPasswordRequest {
  email: string;
}

export interface ForgotPasswordResponse {
  result: boolean;
  /** How the reset link was delivered: through SMTP, or written to the outbox folder and the log. */
  delivery: 'smtp' | 'outbox';
}

export interface ResetPasswordRequest {
  token: string;
  password: string;
}

/** Own password change. */
export type ChangePasswordRequest = Static<typeof ChangePasswordBody>;

/** Staff setting another account's password (the change-password modal). */
export type UpdatePasswordRequest = Static<typeof UpdatePasswordBody>;

// ---------------------------------------------------------------- users

export interface UserListQuery extends ListQuery {
  type?: UserType;
  status?: number;
  user_id?: number;
  center_id?: number;
  /** Given twice: start and end, 'YYYY-MM-DD HH:mm:ss'. */
  created_at?: [string, string];
  source?: StudentSource;
}

export type UserUpdateRequest = Static<typeof UserUpdateBody>;
/** POST /user/approve, POST /user/reject: the "Chờ duyệt" queue of self-registered accounts. */
export type ApproveAccountRequest = Static<typeof ApproveAccountBody>;
export type RejectAccountRequest = Static<typeof RejectAccountBody>;
/** GET /auth/registration-mode (public), PUT /system/self-signup (System Update). */
export type SelfSignupSetting = Static<typeof SelfSignupSettingBody>;

// ---------------------------------------------------------------- system

/**
 * Every action the API writes to the audit log. `writeAudit` takes no other, and the audit-log screen has a
 * Vietnamese label for each (its labels are keyed by this list), so no entry shows a raw key.
 */
export const AUDIT_ACTIONS = [
  'create',
  'update',
  'delete',
  'import',
  'register',
  'login',
  'login.failed',
  'logout',
  'password.update',
  'password.change',
  'password.forgot',
  'password.reset',
  'profile.update',
  'session.end',
  'session.end_all',
  'notification.send',
  'notification.read-all',
  'finalize',
  'release',
  'rollout',
  'promote',
  'rollback',
  'enable',
  'disable',
  'restore',
  'access.denied',
  'rate_limited',
  'approve',
  'reject',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/** The audit log's resources besides the permission catalogue's: a declared resource's name, a route, an area. */
export const AUDIT_OWN_RESOURCES = [
  'Role',
  'Center',
  'Room',
  'Holiday',
  'Discount',
  'Notification',
  'Competition',
  'Topic',
  'ExamineeType',
  'Round',
  'Examinee',
  'ExamineePoint',
  'RemoteArea',
  'Route',
  'Guardian',
  'FamilyMessage',
  'CalendarFeed',
  'SelfSignup',
  'SavedView',
] as const;
/** Every resource an audit entry names (as with actions, the screen has a label for each). */
export type AuditResource = PermissionResource | (typeof AUDIT_OWN_RESOURCES)[number];

export interface AuditLogEntry {
  id: number;
  actor_id: number | null;
  actor_name: string | null;
  /** An AuditAction (older entries may hold another text). */
  action: string;
  resource: string;
  resource_id: string | null;
  before: unknown;
  after: unknown;
  ip: string | null;
  created_at: string;
}

// ---------------------------------------------------------------- micro-frontend manifest

export interface MenuEntry {
  /** Section heading the entry sits under, as an i18n key (e.g. 'menu.section.assets'). */
  section: string;
  /** i18n key of the entry's label (e.g. 'menu.teachers'); `label` is the fallback text. */
  titleKey: string;
  label: string;
  icon?: string;
  order: number;
}

export interface ManifestRoute {
  path: string;
  /** Breadcrumb trail shown by the shell above the page, as i18n keys with fallbacks. */
  breadcrumb: Array<{ titleKey: string; label: string }>;
  menu?: MenuEntry;
}

export interface ManifestArea {
  /** Module Federation name of the remote, e.g. 'users'. Its code is loaded as `${name}/Area`. */
  name: string;
  /** URL of the build's mf-manifest.json this user should get. */
  entry: string;
  version: string;
  /** Whether this user gets the area's stable build or its candidate (what the area's health events carry). */
  cohort: 'stable' | 'candidate';
  routes: ManifestRoute[];
  /**
   * The translations of its routes' breadcrumb and menu keys, by language (the route registry's titles):
   * the shell adds them to its i18n when it takes the manifest in.
   */
  texts?: Partial<Record<string, ManifestTexts>>;
}

/** Nested as i18next takes a bundle: `{ menu: { rooms: 'Phòng học' } }`. */
export type ManifestTexts = { [key: string]: string | ManifestTexts };

export interface RemoteManifest {
  areas: ManifestArea[];
  /** Routes that exist but this user may not open: the shell sends those to /dashboard, not /error/404. */
  denied: string[];
  /**
   * The proof of this user's session that the shell's area health batches carry (sendBeacon cannot set the
   * Authorization header): valid while the session is, and only for POST /telemetry.
   */
  telemetry_proof?: string;
}

// ---------------------------------------------------------------- misc

export type Center = Static<typeof CenterRecord>;
export type Room = Static<typeof RoomRecord>;
export type ProductType = Static<typeof NamedItemRecord>;
/** A teaching method (permission resource Vendor). */
export type TeachingMethod = Static<typeof NamedItemRecord>;
export type VariantGroup = Static<typeof VariantGroupRecord>;
export type Variant = Static<typeof VariantRecord>;

/** Props the shell passes to a remote's exposed `./Area`: the manifest route being opened. */
export interface AreaProps {
  /** The route of the manifest that matched, e.g. '/assets/teachers'. */
  path: string;
}


/** A calendar feed: one's own (nothing), or a room's, a class's, a teacher's or a student's. */
export interface CalendarFeedTarget {
  kind?: 'user' | 'room' | 'class';
  id?: number;
}

/** GET /calendar/feed: a feed's private URL, which calendar apps subscribe to. */
export interface CalendarFeed {
  kind: 'user' | 'room' | 'class';
  id: number;
  name: string;
  url: string;
}

