/**
 * The address of a platform image (`thumbnailUrl` of a content item): a path on the platform
 * (`/thumbnails/x.svg`) is resolved against `apiBaseUrl`; an absolute URL is kept. Undefined
 * stays undefined. Used by the catalogue's cards and the home page's frame alike.
 */
export function mediaUrl(raw: string | undefined, apiBaseUrl: string): string | undefined {
  if (!raw) return undefined;
  return raw.startsWith('/') && !raw.startsWith('//') ? `${apiBaseUrl}${raw}` : raw;
}
