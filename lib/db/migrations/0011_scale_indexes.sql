CREATE INDEX CONCURRENTLY "api_keys_workspace" ON "api_keys" USING btree ("workspace_id");--> statement-breakpoint
CREATE INDEX CONCURRENTLY "apps_owner" ON "apps" USING btree ("owner_id");--> statement-breakpoint
CREATE INDEX CONCURRENTLY "authority_tickets_owner" ON "authority_tickets" USING btree ("owner_id");--> statement-breakpoint
CREATE INDEX CONCURRENTLY "authority_tickets_secret" ON "authority_tickets" USING btree ("secret_id");--> statement-breakpoint
CREATE INDEX CONCURRENTLY "console_sessions_owner" ON "console_sessions" USING btree ("owner_id");--> statement-breakpoint
CREATE INDEX CONCURRENTLY "console_sessions_api_key" ON "console_sessions" USING btree ("api_key_id");--> statement-breakpoint
CREATE INDEX CONCURRENTLY "credentials_status_not_after" ON "credentials" USING btree ("status","not_after","id");--> statement-breakpoint
CREATE INDEX CONCURRENTLY "credentials_entry" ON "credentials" USING btree ("entry_id");--> statement-breakpoint
CREATE INDEX CONCURRENTLY "credentials_key_secret" ON "credentials" USING btree ("key_secret_id");--> statement-breakpoint
CREATE INDEX CONCURRENTLY "credentials_password_secret" ON "credentials" USING btree ("password_secret_id");--> statement-breakpoint
CREATE INDEX CONCURRENTLY "enrollment_tokens_enrollment" ON "enrollment_tokens" USING btree ("enrollment_id");--> statement-breakpoint
CREATE INDEX CONCURRENTLY "enrollments_owner" ON "enrollments" USING btree ("owner_id");--> statement-breakpoint
CREATE INDEX CONCURRENTLY "entries_owner_created" ON "entries" USING btree ("owner_id","created_at","id");--> statement-breakpoint
CREATE INDEX CONCURRENTLY "entries_supplier_cuit" ON "entries" USING btree ("owner_id",("data"->'tax_id'->>'code'),"created_at","id") WHERE "entries"."folder" = 'suppliers';--> statement-breakpoint
CREATE INDEX CONCURRENTLY "invoice_sends_owner" ON "invoice_sends" USING btree ("owner_id");--> statement-breakpoint
CREATE INDEX CONCURRENTLY "job_steps_lease" ON "job_steps" USING btree ("locked_until") WHERE "job_steps"."status" = 'running';--> statement-breakpoint
CREATE INDEX CONCURRENTLY "jobs_owner_created" ON "jobs" USING btree ("owner_id","created_at","id");--> statement-breakpoint
CREATE INDEX CONCURRENTLY "jobs_owner_entry_created" ON "jobs" USING btree ("owner_id","silo_entry_id","created_at","id");--> statement-breakpoint
CREATE INDEX CONCURRENTLY "jobs_entry" ON "jobs" USING btree ("silo_entry_id");--> statement-breakpoint
CREATE INDEX CONCURRENTLY "jobs_workflow" ON "jobs" USING btree ("workflow_id");--> statement-breakpoint
CREATE INDEX CONCURRENTLY "meta_records_job_src_key" ON "meta_records" USING btree ("job_id","src","key");--> statement-breakpoint
CREATE INDEX CONCURRENTLY "meta_records_owner" ON "meta_records" USING btree ("owner_id");--> statement-breakpoint
CREATE INDEX CONCURRENTLY "registration_keys_owner" ON "registration_keys" USING btree ("owner_id");--> statement-breakpoint
CREATE INDEX CONCURRENTLY "registration_keys_entry" ON "registration_keys" USING btree ("entry_id");--> statement-breakpoint
CREATE INDEX CONCURRENTLY "registration_keys_key_secret" ON "registration_keys" USING btree ("key_secret_id");--> statement-breakpoint
CREATE INDEX CONCURRENTLY "registration_progress_owner" ON "registration_progress" USING btree ("owner_id");--> statement-breakpoint
CREATE INDEX CONCURRENTLY "registration_progress_entry" ON "registration_progress" USING btree ("entry_id");--> statement-breakpoint
CREATE INDEX CONCURRENTLY "secrets_owner" ON "secrets" USING btree ("owner_id");--> statement-breakpoint
CREATE INDEX CONCURRENTLY "webhook_deliveries_owner" ON "webhook_deliveries" USING btree ("owner_id");--> statement-breakpoint
CREATE INDEX CONCURRENTLY "webhook_deliveries_workflow" ON "webhook_deliveries" USING btree ("workflow_id");