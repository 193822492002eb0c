-- The built-in Argentina app. It has no client secret: workspaces connect it, nobody authorizes as it.
INSERT INTO "apps" ("id", "owner_id", "name", "client_id", "client_secret_hash", "built_in")
VALUES ('gov-ar', NULL, 'Argentina (AFIP/ARCA)', 'gov-ar', NULL, true)
ON CONFLICT ("id") DO NOTHING;
