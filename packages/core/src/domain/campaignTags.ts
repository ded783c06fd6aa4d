/**
 * Campaign tags (identity-and-routes.md §9 "Campaign tags are appended to sign-in links for one
 * realm per flow type"; issue 18). A realm's settings (`campaignTags`) map each sign-in flow type
 * to query parameters (`{ login: { utm_campaign: 'spring' } }`); the app appends them to the
 * sign-in links it builds for that flow. Another realm's settings carry its own tags or none, so
 * a realm's tags never reach another realm's links.
 */

/** The sign-in flow types a realm may tag: the login page, sign-up, a purchase, signing in to watch. */
export const CAMPAIGN_FLOW_TYPES = ['login', 'signup', 'purchase', 'signin_to_watch'] as const;

/** One sign-in flow type. */
export type CampaignFlowType = (typeof CAMPAIGN_FLOW_TYPES)[number];

/** A realm's campaign tags: by flow type, the parameters to append (name → value). */
export type CampaignTagSettings = Partial<Record<CampaignFlowType, Readonly<Record<string, string>>>>;

/** A usable parameter name: 1 to 64 letters, digits, `_`, `.` or `-`. */
const TAG_NAME = /^[A-Za-z0-9_.-]{1,64}$/;

/** Longest parameter value kept, in characters. */
export const CAMPAIGN_TAG_VALUE_MAX_LENGTH = 200;

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * The usable tags of `flow` in `settings` (any input): entries whose name matches `[A-Za-z0-9_.-]`
 * (1 to 64 characters) and whose value is a non-empty string of at most
 * {@link CAMPAIGN_TAG_VALUE_MAX_LENGTH} characters, in the settings' order. `[]` when the realm
 * sets none for the flow or the settings are malformed.
 */
export function campaignTagsFor(settings: unknown, flow: CampaignFlowType): Array<[string, string]> {
  if (!isRecord(settings) || !Object.hasOwn(settings, flow)) return [];
  const tags = settings[flow];
  if (!isRecord(tags)) return [];
  return Object.entries(tags).filter(
    (entry): entry is [string, string] =>
      TAG_NAME.test(entry[0]) && typeof entry[1] === 'string' && entry[1] !== '' && entry[1].length <= CAMPAIGN_TAG_VALUE_MAX_LENGTH,
  );
}

/**
 * `link` (an in-app path such as `/login?from=%2Faccount`, with an optional `#fragment`) with the
 * realm's tags of `flow` appended to its query. A parameter the link already has is kept as it is
 * (the link's own value wins, so appending twice changes nothing); the link's other parameters
 * keep their order and values. Returns `link` unchanged when there is nothing to add or it is not
 * a string path (an absolute URL is left alone: tags go on the app's own sign-in links only).
 */
export function withCampaignTags(link: string, flow: CampaignFlowType, settings: unknown): string {
  if (typeof link !== 'string' || !link.startsWith('/') || link.startsWith('//')) return link;
  const tags = campaignTagsFor(settings, flow);
  if (tags.length === 0) return link;
  const hashAt = link.indexOf('#');
  const hash = hashAt >= 0 ? link.slice(hashAt) : '';
  const beforeHash = hashAt >= 0 ? link.slice(0, hashAt) : link;
  const queryAt = beforeHash.indexOf('?');
  const path = queryAt >= 0 ? beforeHash.slice(0, queryAt) : beforeHash;
  const query = queryAt >= 0 ? beforeHash.slice(queryAt + 1) : '';
  const present = new URLSearchParams(query);
  const added = new URLSearchParams();
  for (const [name, value] of tags) if (!present.has(name) && !added.has(name)) added.append(name, value);
  const extra = added.toString();
  if (extra === '') return link;
  return `${path}?${query === '' ? extra : `${query}&${extra}`}${hash}`;
}
