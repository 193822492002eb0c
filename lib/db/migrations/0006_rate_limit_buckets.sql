CREATE TABLE "rate_limit_buckets" (
	"key" text PRIMARY KEY NOT NULL,
	"full_at_ms" bigint NOT NULL
);
--> statement-breakpoint
CREATE INDEX "rate_limit_buckets_full_at" ON "rate_limit_buckets" USING btree ("full_at_ms");