import { useCallback } from 'react';
import { withCampaignTags, type CampaignFlowType } from '@stream/core/domain';
import { useRealmSettings } from './useRealmSettings';

/**
 * Campaign tags (identity-and-routes.md §9; issue 18): a function that appends the realm's tags
 * of a sign-in flow (`login`, `signup`, `purchase`, `signin_to_watch`) to a sign-in link, from the
 * realm settings' `campaignTags` (core's `withCampaignTags`). Until the settings have loaded, or
 * for a realm without tags, links are left as they are.
 */
export function useCampaignLink(): (link: string, flow: CampaignFlowType) => string {
  const settings = useRealmSettings();
  const tags = settings.data?.campaignTags;
  return useCallback((link: string, flow: CampaignFlowType) => withCampaignTags(link, flow, tags), [tags]);
}
