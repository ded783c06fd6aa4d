import { fromPromise } from 'xstate';
import type { ApiClient } from '@stream/core/api';
import type { UserProfile } from '@stream/core/contracts';

/** Loads the signed-in user's details (`api.user.profile()`); use with `useActor`. */
export const profileLogic = fromPromise<UserProfile, { api: ApiClient }>(({ input }) => input.api.user.profile());
