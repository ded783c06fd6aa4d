CREATE TABLE "external_pages" (
	"id" text PRIMARY KEY NOT NULL,
	"title" jsonb NOT NULL,
	"description" jsonb,
	"blocks" jsonb NOT NULL,
	"updated_offset_days" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "fight_results" (
	"id" text PRIMARY KEY NOT NULL,
	"fighter_id" text NOT NULL,
	"opponent_id" text,
	"opponent_name" text NOT NULL,
	"result" text NOT NULL,
	"method" text NOT NULL,
	"round" integer NOT NULL,
	"time" text,
	"date_offset_days" integer NOT NULL,
	"event_title" text NOT NULL,
	"event_id" text
);
--> statement-breakpoint
CREATE TABLE "fighters" (
	"id" text PRIMARY KEY NOT NULL,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"nickname" text,
	"country" text NOT NULL,
	"weight_class" text NOT NULL,
	"stance" text,
	"height_cm" integer,
	"reach_cm" integer,
	"bio" jsonb NOT NULL,
	"colours" jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "news_feeds" (
	"id" text PRIMARY KEY NOT NULL,
	"title" jsonb NOT NULL,
	"description" jsonb,
	"sort_order" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "news_items" (
	"id" text PRIMARY KEY NOT NULL,
	"feed_id" text NOT NULL,
	"title" jsonb NOT NULL,
	"summary" jsonb NOT NULL,
	"body" jsonb NOT NULL,
	"published_offset_minutes" integer NOT NULL,
	"colours" jsonb NOT NULL,
	"related_title_ids" jsonb DEFAULT '[]'::jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "playlist_items" (
	"playlist_id" text NOT NULL,
	"position" integer NOT NULL,
	"title_id" text NOT NULL,
	CONSTRAINT "playlist_items_playlist_id_position_pk" PRIMARY KEY("playlist_id","position")
);
--> statement-breakpoint
CREATE TABLE "programmes" (
	"id" text PRIMARY KEY NOT NULL,
	"channel_id" text NOT NULL,
	"week_offset_minutes" integer NOT NULL,
	"duration_minutes" integer NOT NULL,
	"title" jsonb NOT NULL,
	"description" jsonb,
	"category" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "rail_items" (
	"rail_id" text NOT NULL,
	"position" integer NOT NULL,
	"title_id" text NOT NULL,
	CONSTRAINT "rail_items_rail_id_position_pk" PRIMARY KEY("rail_id","position")
);
--> statement-breakpoint
CREATE TABLE "rails" (
	"id" text PRIMARY KEY NOT NULL,
	"section_id" text NOT NULL,
	"position" integer NOT NULL,
	"title" jsonb NOT NULL,
	"layout" text NOT NULL,
	"source" text NOT NULL,
	"categories" jsonb
);
--> statement-breakpoint
CREATE TABLE "rankings" (
	"weight_class" text NOT NULL,
	"position" integer NOT NULL,
	"fighter_id" text NOT NULL,
	CONSTRAINT "rankings_weight_class_position_pk" PRIMARY KEY("weight_class","position")
);
--> statement-breakpoint
CREATE TABLE "sections" (
	"id" text PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"title" jsonb NOT NULL,
	"description" jsonb,
	"colours" jsonb NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "titles" (
	"id" text PRIMARY KEY NOT NULL,
	"type" text NOT NULL,
	"title" jsonb NOT NULL,
	"description" jsonb NOT NULL,
	"category" text NOT NULL,
	"colours" jsonb NOT NULL,
	"licence_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"duration_seconds" integer,
	"release_offset_minutes" integer,
	"start_offset_minutes" integer,
	"end_offset_minutes" integer,
	"has_replay" boolean DEFAULT false NOT NULL,
	"parent_id" text,
	"number" integer,
	"popularity" integer DEFAULT 0 NOT NULL,
	"media_asset" text,
	"sort_order" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "fight_results" ADD CONSTRAINT "fight_results_fighter_id_fighters_id_fk" FOREIGN KEY ("fighter_id") REFERENCES "public"."fighters"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "news_items" ADD CONSTRAINT "news_items_feed_id_news_feeds_id_fk" FOREIGN KEY ("feed_id") REFERENCES "public"."news_feeds"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "playlist_items" ADD CONSTRAINT "playlist_items_playlist_id_titles_id_fk" FOREIGN KEY ("playlist_id") REFERENCES "public"."titles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "playlist_items" ADD CONSTRAINT "playlist_items_title_id_titles_id_fk" FOREIGN KEY ("title_id") REFERENCES "public"."titles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "programmes" ADD CONSTRAINT "programmes_channel_id_titles_id_fk" FOREIGN KEY ("channel_id") REFERENCES "public"."titles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rail_items" ADD CONSTRAINT "rail_items_rail_id_rails_id_fk" FOREIGN KEY ("rail_id") REFERENCES "public"."rails"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rail_items" ADD CONSTRAINT "rail_items_title_id_titles_id_fk" FOREIGN KEY ("title_id") REFERENCES "public"."titles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rails" ADD CONSTRAINT "rails_section_id_sections_id_fk" FOREIGN KEY ("section_id") REFERENCES "public"."sections"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rankings" ADD CONSTRAINT "rankings_fighter_id_fighters_id_fk" FOREIGN KEY ("fighter_id") REFERENCES "public"."fighters"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "fight_results_fighter_idx" ON "fight_results" USING btree ("fighter_id","date_offset_days");--> statement-breakpoint
CREATE INDEX "news_items_feed_idx" ON "news_items" USING btree ("feed_id","published_offset_minutes");--> statement-breakpoint
CREATE INDEX "programmes_channel_idx" ON "programmes" USING btree ("channel_id","week_offset_minutes");--> statement-breakpoint
CREATE UNIQUE INDEX "rails_section_position_idx" ON "rails" USING btree ("section_id","position");--> statement-breakpoint
CREATE INDEX "titles_type_idx" ON "titles" USING btree ("type","sort_order");--> statement-breakpoint
CREATE INDEX "titles_parent_idx" ON "titles" USING btree ("parent_id","number");