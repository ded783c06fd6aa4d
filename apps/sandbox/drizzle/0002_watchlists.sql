CREATE TABLE "watchlist_items" (
	"watchlist_id" uuid NOT NULL,
	"content_type" text NOT NULL,
	"content_id" text NOT NULL,
	"position" integer NOT NULL,
	"added_at" timestamp with time zone NOT NULL,
	CONSTRAINT "watchlist_items_watchlist_id_content_type_content_id_pk" PRIMARY KEY("watchlist_id","content_type","content_id")
);
--> statement-breakpoint
CREATE TABLE "watchlist_viewers" (
	"watchlist_id" uuid NOT NULL,
	"viewer_id" uuid NOT NULL,
	"reached_at" timestamp with time zone NOT NULL,
	"saved_at" timestamp with time zone,
	CONSTRAINT "watchlist_viewers_watchlist_id_viewer_id_pk" PRIMARY KEY("watchlist_id","viewer_id")
);
--> statement-breakpoint
CREATE TABLE "watchlists" (
	"id" uuid PRIMARY KEY NOT NULL,
	"owner_id" uuid NOT NULL,
	"name" text NOT NULL,
	"share_token" text NOT NULL,
	"next_position" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "watchlist_items" ADD CONSTRAINT "watchlist_items_watchlist_id_watchlists_id_fk" FOREIGN KEY ("watchlist_id") REFERENCES "public"."watchlists"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "watchlist_items" ADD CONSTRAINT "watchlist_items_content_id_titles_id_fk" FOREIGN KEY ("content_id") REFERENCES "public"."titles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "watchlist_viewers" ADD CONSTRAINT "watchlist_viewers_watchlist_id_watchlists_id_fk" FOREIGN KEY ("watchlist_id") REFERENCES "public"."watchlists"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "watchlist_viewers" ADD CONSTRAINT "watchlist_viewers_viewer_id_fkey" FOREIGN KEY ("viewer_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "watchlists" ADD CONSTRAINT "watchlists_owner_id_fkey" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "watchlist_items_position_idx" ON "watchlist_items" USING btree ("watchlist_id","position");--> statement-breakpoint
CREATE INDEX "watchlist_viewers_saved_idx" ON "watchlist_viewers" USING btree ("viewer_id","saved_at");--> statement-breakpoint
CREATE UNIQUE INDEX "watchlists_share_token_idx" ON "watchlists" USING btree ("share_token");--> statement-breakpoint
CREATE INDEX "watchlists_owner_idx" ON "watchlists" USING btree ("owner_id","created_at");