CREATE TABLE "favourites" (
	"user_id" uuid NOT NULL,
	"title_id" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "favourites_user_id_title_id_pk" PRIMARY KEY("user_id","title_id")
);
--> statement-breakpoint
CREATE TABLE "watch_progress" (
	"user_id" uuid NOT NULL,
	"title_id" text NOT NULL,
	"position_seconds" double precision NOT NULL,
	"duration_seconds" double precision NOT NULL,
	"state" text NOT NULL,
	"ended" boolean DEFAULT false NOT NULL,
	"removed" boolean DEFAULT false NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	"received_at" timestamp with time zone NOT NULL,
	"next_title_id" text,
	CONSTRAINT "watch_progress_user_id_title_id_pk" PRIMARY KEY("user_id","title_id")
);
--> statement-breakpoint
ALTER TABLE "favourites" ADD CONSTRAINT "favourites_title_id_titles_id_fk" FOREIGN KEY ("title_id") REFERENCES "public"."titles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "favourites" ADD CONSTRAINT "favourites_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "watch_progress" ADD CONSTRAINT "watch_progress_title_id_titles_id_fk" FOREIGN KEY ("title_id") REFERENCES "public"."titles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "watch_progress" ADD CONSTRAINT "watch_progress_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "favourites_user_created_idx" ON "favourites" USING btree ("user_id","created_at","title_id");--> statement-breakpoint
CREATE INDEX "watch_progress_user_updated_idx" ON "watch_progress" USING btree ("user_id","removed","updated_at","title_id");--> statement-breakpoint
CREATE INDEX "watch_progress_user_state_idx" ON "watch_progress" USING btree ("user_id","state","updated_at");