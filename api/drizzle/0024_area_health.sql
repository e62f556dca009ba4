CREATE TABLE "area_health_error" (
	"area" varchar(64) NOT NULL,
	"version" varchar(64) NOT NULL,
	"cohort" varchar(16) NOT NULL,
	"kind" varchar(16) NOT NULL,
	"type" varchar(120) NOT NULL,
	"frame" varchar(300) NOT NULL,
	"count" integer DEFAULT 0 NOT NULL,
	"first_seen" timestamp with time zone NOT NULL,
	"last_seen" timestamp with time zone NOT NULL,
	CONSTRAINT "area_health_error_area_version_cohort_kind_type_frame_pk" PRIMARY KEY("area","version","cohort","kind","type","frame")
);
--> statement-breakpoint
CREATE TABLE "area_health_hour" (
	"area" varchar(64) NOT NULL,
	"window_start" timestamp with time zone NOT NULL,
	"cohort" varchar(16) NOT NULL,
	"version" varchar(64) NOT NULL,
	"page_views" integer DEFAULT 0 NOT NULL,
	"load_failures" integer DEFAULT 0 NOT NULL,
	"render_errors" integer DEFAULT 0 NOT NULL,
	"unhandled_errors" integer DEFAULT 0 NOT NULL,
	"lcp" integer[] DEFAULT '{}' NOT NULL,
	"inp" integer[] DEFAULT '{}' NOT NULL,
	"cls" integer[] DEFAULT '{}' NOT NULL,
	"ttfr" integer[] DEFAULT '{}' NOT NULL,
	CONSTRAINT "area_health_hour_area_window_start_cohort_version_pk" PRIMARY KEY("area","window_start","cohort","version")
);
--> statement-breakpoint
CREATE TABLE "area_health_window" (
	"area" varchar(64) NOT NULL,
	"window_start" timestamp with time zone NOT NULL,
	"cohort" varchar(16) NOT NULL,
	"version" varchar(64) NOT NULL,
	"page_views" integer DEFAULT 0 NOT NULL,
	"load_failures" integer DEFAULT 0 NOT NULL,
	"render_errors" integer DEFAULT 0 NOT NULL,
	"unhandled_errors" integer DEFAULT 0 NOT NULL,
	"lcp" integer[] DEFAULT '{}' NOT NULL,
	"inp" integer[] DEFAULT '{}' NOT NULL,
	"cls" integer[] DEFAULT '{}' NOT NULL,
	"ttfr" integer[] DEFAULT '{}' NOT NULL,
	CONSTRAINT "area_health_window_area_window_start_cohort_version_pk" PRIMARY KEY("area","window_start","cohort","version")
);
--> statement-breakpoint
ALTER TABLE "remote_area" ADD COLUMN "rollout_started_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "remote_area" ADD COLUMN "guard" jsonb;--> statement-breakpoint
ALTER TABLE "remote_area" ADD COLUMN "guard_decision" jsonb;--> statement-breakpoint
CREATE INDEX "area_health_error_last_seen_idx" ON "area_health_error" USING btree ("area","last_seen");--> statement-breakpoint
CREATE INDEX "area_health_hour_start_idx" ON "area_health_hour" USING btree ("window_start");--> statement-breakpoint
CREATE INDEX "area_health_window_start_idx" ON "area_health_window" USING btree ("window_start");--> statement-breakpoint
-- Two vitals histograms added element by element (the shorter one padded with zeros): what the area health upserts merge with.
CREATE FUNCTION health_histogram_add(a integer[], b integer[]) RETURNS integer[] LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT coalesce(array_agg(coalesce(x, 0) + coalesce(y, 0) ORDER BY i), '{}') FROM unnest(a, b) WITH ORDINALITY AS u(x, y, i)
$$;
