-- job_steps and webhook_deliveries are queues: every row is inserted, then updated two or three times
-- within minutes (a step: pending, ready, running, completed; a delivery: pending, leased, delivered),
-- and each update leaves a dead row version and dead index entries behind. PostgreSQL's default
-- (vacuum once dead rows pass 20% of the table) lets a table of 5 million steps gather a million of them
-- between vacuums, and a claim that has to step over them slows down (0.2 ms became 14-28 ms at 1M
-- suppliers). Vacuuming at 1% of the table (and at least 1000 rows) keeps the backlog to tens of
-- thousands. The claims themselves read their indexes with plain index scans, which mark the dead
-- entries they pass so the next claim skips them, so they stay flat even where autovacuum is off or
-- behind; these settings keep the tables and their indexes from bloating. PGlite runs no autovacuum
-- and keeps the settings only as table options.
ALTER TABLE "job_steps" SET (autovacuum_vacuum_scale_factor = 0.01, autovacuum_vacuum_threshold = 1000);--> statement-breakpoint
ALTER TABLE "webhook_deliveries" SET (autovacuum_vacuum_scale_factor = 0.01, autovacuum_vacuum_threshold = 1000);
