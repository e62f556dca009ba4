/** A route option's hooks (none, one or a list) as a list, for plugins that add theirs when a route is registered. */
export function hookList<H>(hooks: H | H[] | undefined): H[] {
  if (hooks === undefined) return [];
  return Array.isArray(hooks) ? hooks : [hooks];
}
