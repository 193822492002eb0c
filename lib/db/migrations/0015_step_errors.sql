-- A step's retries back off on, and it fails after, the runs that ended in an error: `attempts` counts every
-- claim, and a step that waits its turn (an invoice whose sequence another sender holds) is claimed again
-- and again without any error.
ALTER TABLE "job_steps" ADD COLUMN "errors" integer DEFAULT 0 NOT NULL;
