/**
 * An API path with its query string as the API client writes it (queryString of @trungtam/shared/api: an
 * array is a repeated key), for the calls the entry sends ahead (earlySignedInPart.ts), as the entry cannot
 * load that client. Imports nothing.
 */
export function apiPath(path: string, params: Record<string, string | number | boolean | ReadonlyArray<string | number>>): string {
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    for (const item of Array.isArray(value) ? value : [value]) query.append(key, String(item));
  }
  return `${path}?${query}`;
}
