import * as z from 'zod/mini';
import { defineCall } from './define.js';

/**
 * The signed-in user's account details (commerce-and-account-data.md §3 "Account state: details").
 * `birthDate` is `YYYY-MM-DD`, `phoneNumber` international form.
 */
export const userProfileSchema = z.looseObject({
  id: z.string().check(z.minLength(1)),
  contactEmail: z.string(),
  name: z.string(),
  birthDate: z.nullish(z.string()),
  phoneNumber: z.nullish(z.string()),
  taxNumber: z.nullish(z.string()),
});
export type UserProfile = z.infer<typeof userProfileSchema>;

/** The `user` area (`calls.user`): the signed-in account's details. */
export const userCalls = {
  /**
   * `GET /api/v2/user/profile` (bearer required): the signed-in user's details `{ id,
   * contactEmail, name, birthDate?, phoneNumber?, taxNumber? }`. Errors: 401 for a guest or no
   * token.
   */
  profile: defineCall({
    name: 'user.profile',
    method: 'GET',
    path: '/api/v2/user/profile',
    response: userProfileSchema,
    auth: 'required',
  }),
};
