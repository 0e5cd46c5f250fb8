CREATE INDEX "credentials_tokens_expires_idx" ON "credentials_tokens" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "sandbox_nonces_expires_idx" ON "sandbox_nonces" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "sessions_expires_idx" ON "sessions" USING btree ("expires_at");