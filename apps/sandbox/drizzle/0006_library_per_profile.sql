-- Issue 16: each profile has its own favourites, watch history and watchlists (docs/api.md
-- "Profiles and preferences"). Written by hand from drizzle-kit's statements (the same end
-- state, the 0006 snapshot) so that rows already stored move to a profile: the columns are added
-- empty, filled, then made NOT NULL and keyed.
ALTER TABLE "favourites" ADD COLUMN "profile_id" uuid;--> statement-breakpoint
ALTER TABLE "watch_progress" ADD COLUMN "profile_id" uuid;--> statement-breakpoint
ALTER TABLE "watchlists" ADD COLUMN "profile_id" uuid;--> statement-breakpoint
ALTER TABLE "watchlist_viewers" ADD COLUMN "profile_id" uuid;--> statement-breakpoint
-- An account with a library but no profile yet gets its first adult profile, as the sandbox
-- makes it on first need (src/household/profiles.ts ensureProfiles): its id is the account's,
-- named after the account when the name passes the name rule (approximated here: 1 to 30
-- characters once trimmed, none of the forbidden ones), else 'Profile 1'.
INSERT INTO "profiles" ("id", "user_id", "name", "type", "avatar", "created_at")
SELECT u."id", u."id",
  CASE
    WHEN char_length(normalize(regexp_replace(u."name", '^\s+|\s+$', '', 'g'), NFC)) BETWEEN 1 AND 30
      AND u."name" !~ '[\x01-\x1F\x7F-\x9F\u2028\u2029\u200B\u200E\u200F\u202A-\u202E\u2060-\u2064\uFEFF]'
    THEN normalize(regexp_replace(u."name", '^\s+|\s+$', '', 'g'), NFC)
    ELSE 'Profile 1'
  END,
  'ADULT', 'fox', u."created_at"
FROM "users" u
WHERE NOT EXISTS (SELECT 1 FROM "profiles" p WHERE p."user_id" = u."id")
  AND (EXISTS (SELECT 1 FROM "favourites" f WHERE f."user_id" = u."id")
    OR EXISTS (SELECT 1 FROM "watch_progress" w WHERE w."user_id" = u."id")
    OR EXISTS (SELECT 1 FROM "watchlists" l WHERE l."owner_id" = u."id")
    OR EXISTS (SELECT 1 FROM "watchlist_viewers" v WHERE v."viewer_id" = u."id"))
ON CONFLICT ("id") DO NOTHING;--> statement-breakpoint
-- The account's rows become those of the profile a session without `pid` reads: the oldest
-- adult profile (the first one, whose id is the account's, unless it was deleted).
UPDATE "favourites" t SET "profile_id" = (SELECT p."id" FROM "profiles" p WHERE p."user_id" = t."user_id" ORDER BY p."type" <> 'ADULT', p."created_at", p."id" LIMIT 1);--> statement-breakpoint
UPDATE "watch_progress" t SET "profile_id" = (SELECT p."id" FROM "profiles" p WHERE p."user_id" = t."user_id" ORDER BY p."type" <> 'ADULT', p."created_at", p."id" LIMIT 1);--> statement-breakpoint
UPDATE "watchlists" t SET "profile_id" = (SELECT p."id" FROM "profiles" p WHERE p."user_id" = t."owner_id" ORDER BY p."type" <> 'ADULT', p."created_at", p."id" LIMIT 1);--> statement-breakpoint
UPDATE "watchlist_viewers" t SET "profile_id" = (SELECT p."id" FROM "profiles" p WHERE p."user_id" = t."viewer_id" ORDER BY p."type" <> 'ADULT', p."created_at", p."id" LIMIT 1);--> statement-breakpoint
ALTER TABLE "favourites" ALTER COLUMN "profile_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "watch_progress" ALTER COLUMN "profile_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "watchlists" ALTER COLUMN "profile_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "watchlist_viewers" ALTER COLUMN "profile_id" SET NOT NULL;--> statement-breakpoint
DROP INDEX "favourites_user_created_idx";--> statement-breakpoint
DROP INDEX "watch_progress_user_updated_idx";--> statement-breakpoint
DROP INDEX "watch_progress_user_state_idx";--> statement-breakpoint
DROP INDEX "watchlists_owner_idx";--> statement-breakpoint
DROP INDEX "watchlist_viewers_saved_idx";--> statement-breakpoint
ALTER TABLE "favourites" DROP CONSTRAINT "favourites_user_id_title_id_pk";--> statement-breakpoint
ALTER TABLE "watch_progress" DROP CONSTRAINT "watch_progress_user_id_title_id_pk";--> statement-breakpoint
ALTER TABLE "watchlist_viewers" DROP CONSTRAINT "watchlist_viewers_watchlist_id_viewer_id_pk";--> statement-breakpoint
ALTER TABLE "favourites" ADD CONSTRAINT "favourites_profile_id_title_id_pk" PRIMARY KEY("profile_id","title_id");--> statement-breakpoint
ALTER TABLE "watch_progress" ADD CONSTRAINT "watch_progress_profile_id_title_id_pk" PRIMARY KEY("profile_id","title_id");--> statement-breakpoint
ALTER TABLE "watchlist_viewers" ADD CONSTRAINT "watchlist_viewers_watchlist_id_profile_id_pk" PRIMARY KEY("watchlist_id","profile_id");--> statement-breakpoint
ALTER TABLE "favourites" ADD CONSTRAINT "favourites_profile_id_fkey" FOREIGN KEY ("profile_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "watch_progress" ADD CONSTRAINT "watch_progress_profile_id_fkey" FOREIGN KEY ("profile_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "watchlist_viewers" ADD CONSTRAINT "watchlist_viewers_profile_id_fkey" FOREIGN KEY ("profile_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "watchlists" ADD CONSTRAINT "watchlists_profile_id_fkey" FOREIGN KEY ("profile_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "favourites_profile_created_idx" ON "favourites" USING btree ("profile_id","created_at","title_id");--> statement-breakpoint
CREATE INDEX "watch_progress_profile_updated_idx" ON "watch_progress" USING btree ("profile_id","removed","updated_at","title_id");--> statement-breakpoint
CREATE INDEX "watch_progress_profile_state_idx" ON "watch_progress" USING btree ("profile_id","state","updated_at");--> statement-breakpoint
CREATE INDEX "watchlists_profile_idx" ON "watchlists" USING btree ("profile_id","created_at");--> statement-breakpoint
CREATE INDEX "watchlist_viewers_saved_idx" ON "watchlist_viewers" USING btree ("profile_id","saved_at");
