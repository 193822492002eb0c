-- The emulator's faults with a parameter: `slow` and `lagging_lookup` keep their delay, `down` the instant it ends.
ALTER TABLE "emulator_faults" ADD COLUMN "delay_ms" integer;--> statement-breakpoint
ALTER TABLE "emulator_faults" ADD COLUMN "down_until" timestamp (3) with time zone;