/**
 * The remote-area registry as administrators manage it (System ManageAreas): each area's released
 * builds, its stable build, an optional candidate build and who gets the candidate (the rollout), and
 * the texts of its answers. The schemas are in ../schemas/remotes.ts.
 */

/** A release's version: semantic versioning (`1.4.0`, `2.0.0-rc.1`; a local working-copy build is `0.1.0-local`). */
export const RELEASE_VERSION_PATTERN = '^(0|[1-9]\\d*)\\.(0|[1-9]\\d*)\\.(0|[1-9]\\d*)(-[0-9A-Za-z.-]+)?$';

/** The label of a build of the working copy (what `npm start` serves at a remote's root), after its package version. */
export const LOCAL_BUILD_SUFFIX = '-local';

export const REMOTE_TEXT = {
  areaRequired: 'Chưa chọn khu vực',
  unknownArea: (area: string) => `Không có khu vực "${area}"`,
  versionInvalid: 'Phiên bản phải có dạng X.Y.Z (ví dụ 1.4.0)',
  entryInvalid: 'Địa chỉ bản dựng phải là URL http(s) tới mf-manifest.json',
  /** Releasing a version again with other files (or at another address). */
  versionTaken: (area: string, version: string) =>
    `Phiên bản ${version} của ${area} đã được phát hành với nội dung khác: hãy phát hành một phiên bản mới`,
  /** One text for every target that cannot be read (unreachable, refused, too slow or large, not a manifest): it tells nothing of what is there. */
  manifestUnreadable: 'Không đọc được mf-manifest.json của bản dựng tại địa chỉ này',
  manifestWrongName: (area: string, name: string) => `Bản dựng là của "${name}", không phải của khu vực "${area}"`,
  shellUnreadable: 'Không đọc được danh sách thư viện dùng chung của shell hiện tại: chưa thể kiểm tra tương thích',
  /** The compatibility gate's refusal: a singleton the current shell cannot satisfy. */
  incompatible: (problems: Array<{ name: string; required: string; provided: string }>) =>
    `Bản dựng không chạy được với shell hiện tại: ${problems
      .map(({ name, required, provided }) => `${name} cần phiên bản ${required}, shell đang cung cấp ${provided}`)
      .join('; ')}`,
  idsNotFound: (what: string, ids: number[]) => `${what} không tồn tại: ${ids.join(', ')}`,
  unknownBuild: (area: string, version: string) => `Khu vực ${area} chưa có bản dựng phiên bản ${version}`,
  candidateIsStable: 'Phiên bản này đang là bản ổn định',
  noCandidate: 'Khu vực này chưa có bản thử nghiệm',
  nothingToRollBack: 'Không có bản thử nghiệm nào và không có bản ổn định trước đó để quay lại',
  percent: 'Tỉ lệ người dùng từ 0 đến 100 (%)',
  userNotFound: 'Không tìm thấy người dùng',
} as const;
