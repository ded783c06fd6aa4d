CREATE TABLE "watch_room_members" (
	"room_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"joined_at" timestamp with time zone NOT NULL,
	CONSTRAINT "watch_room_members_room_id_user_id_pk" PRIMARY KEY("room_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "watch_rooms" (
	"id" uuid PRIMARY KEY NOT NULL,
	"host_id" uuid NOT NULL,
	"title_id" text NOT NULL,
	"state" text,
	"position_ms" double precision,
	"playback_updated_at" timestamp with time zone,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"closed_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "watch_room_members" ADD CONSTRAINT "watch_room_members_room_id_watch_rooms_id_fk" FOREIGN KEY ("room_id") REFERENCES "public"."watch_rooms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "watch_room_members" ADD CONSTRAINT "watch_room_members_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "watch_rooms" ADD CONSTRAINT "watch_rooms_host_id_fkey" FOREIGN KEY ("host_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "watch_room_members_user_idx" ON "watch_room_members" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "watch_rooms_host_idx" ON "watch_rooms" USING btree ("host_id");