/**
 * /system/remote/*: the registry of remote areas as administrators manage it (System ManageAreas):
 * list, release (what `npm run release` calls), rollout of a candidate, promote, roll back, enable and
 * the preview of one user's manifest. The API validates and serialises with these schemas; the Areas
 * screen takes its types from them.
 */
import { Type, type Static } from 'typebox';
import { USER_TYPES } from '../permissions';
import { RELEASE_VERSION_PATTERN, REMOTE_TEXT } from '../contracts/remotes';
import { Id, Int, Nullable, Text, msgs } from './builders';

const AreaName = Text(64, { minLength: 1, messages: { required: REMOTE_TEXT.areaRequired, minLength: REMOTE_TEXT.areaRequired, default: REMOTE_TEXT.areaRequired } });
const Version = Text(64, { pattern: RELEASE_VERSION_PATTERN, messages: { required: REMOTE_TEXT.versionInvalid, default: REMOTE_TEXT.versionInvalid } });

/** A build of an area: where its mf-manifest.json is. */
export const RemoteBuildRef = Type.Object({ version: Type.String(), entry: Type.String() });

/** A registered build. `released_by`: the account that released it (null for builds of the registry file). */
export const RemoteBuildRecord = Type.Object({
  version: Type.String(),
  entry: Type.String(),
  /** ISO 8601. */
  released_at: Type.String(),
  released_by: Nullable(Type.Object({ id: Type.Integer(), name: Type.String() })),
});

/**
 * Who gets the candidate. The listed users always do; otherwise a user must match every given filter
 * (one of the types, one of the roles, one of the centres; an empty list is no filter) and fall inside
 * `percent` (a sticky bucket: a hash of the user and the area). "30 % of teachers": { percent: 30, types: ['teacher'] }.
 */
export const RolloutRecord = Type.Object({
  percent: Type.Integer(),
  types: Type.Array(Type.String()),
  role_ids: Type.Array(Type.Integer()),
  center_ids: Type.Array(Type.Integer()),
  user_ids: Type.Array(Type.Integer()),
});

export const RemoteAreaRecord = Type.Object({
  name: Type.String(),
  enabled: Type.Boolean(),
  /** The paths the area serves. */
  routes: Type.Array(Type.String()),
  stable: RemoteBuildRef,
  /** The stable build before the last promotion: what a rollback without a candidate returns to. */
  previous_stable: Nullable(RemoteBuildRef),
  candidate: Nullable(RemoteBuildRef),
  rollout: Nullable(RolloutRecord),
  /** Newest first. */
  builds: Type.Array(RemoteBuildRecord),
  updated_at: Type.String(),
});

const AreaBody = { area: AreaName };

export const RemoteReleaseBody = Type.Object({
  ...AreaBody,
  version: Version,
  entry: Text(2000, { pattern: '^https?://\\S+$', messages: { required: REMOTE_TEXT.entryInvalid, default: REMOTE_TEXT.entryInvalid } }),
});

const IdList = (message: string) => Type.Array(Id(message), { maxItems: 1000, ...msgs({ default: message }) });

export const RolloutBody = Type.Object({
  percent: Int(0, 100, REMOTE_TEXT.percent),
  types: Type.Optional(Type.Array(Type.Enum([...USER_TYPES]), { maxItems: USER_TYPES.length, uniqueItems: true, ...msgs({ default: `types: ${USER_TYPES.join(' | ')}` }) })),
  role_ids: Type.Optional(IdList('role_ids: danh sách id quyền')),
  center_ids: Type.Optional(IdList('center_ids: danh sách id trung tâm')),
  user_ids: Type.Optional(IdList('user_ids: danh sách id người dùng')),
});

export const RemoteRolloutBody = Type.Object({ ...AreaBody, candidate_version: Version, rollout: RolloutBody });
export const RemoteAreaBody = Type.Object(AreaBody);
export const RemoteEnableBody = Type.Object({ ...AreaBody, enabled: Type.Boolean(msgs({ default: 'enabled: true | false' })) });
export const RemotePreviewQuery = Type.Object({ user_id: Id('user_id phải là số') });

export type RemoteArea = Static<typeof RemoteAreaRecord>;
export type RemoteBuild = Static<typeof RemoteBuildRecord>;
export type Rollout = Static<typeof RolloutRecord>;
export type RolloutInput = Static<typeof RolloutBody>;
export type RemoteRelease = Static<typeof RemoteReleaseBody>;
