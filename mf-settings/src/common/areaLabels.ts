/**
 * The areas (the remotes of deploy/remotes.json, named there in English for the builds and the API) as the
 * screens name them: the areas screen and the audit log. A test keeps every remote of that list here.
 */
export const AREA_LABELS: Readonly<Record<string, string>> = {
  users: 'Người dùng',
  settings: 'Cài đặt',
  learning: 'Học tập',
  competition: 'Cuộc thi',
};

/** An area's label; an area this build does not know yet (released after it) by its name. */
export const areaLabel = (name: string): string => AREA_LABELS[name] ?? name;
