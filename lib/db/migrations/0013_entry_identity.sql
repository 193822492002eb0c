ALTER TABLE "entries" ADD COLUMN "identity" text;--> statement-breakpoint
-- Invoices stored before identities were kept: in each workspace the first store of a document uuid takes
-- it; a later copy keeps none (it stays as it is), so that 0014 can build the unique index.
UPDATE "entries" e SET "identity" = first."identity"
FROM (
  SELECT DISTINCT ON ("owner_id", lower("data"->'doc'->>'uuid')) "id", lower("data"->'doc'->>'uuid') AS "identity"
  FROM "entries"
  WHERE "folder" = 'invoices' AND "data"->'doc'->>'uuid' IS NOT NULL
  ORDER BY "owner_id", lower("data"->'doc'->>'uuid'), "created_at", "id"
) first
WHERE e."id" = first."id";
