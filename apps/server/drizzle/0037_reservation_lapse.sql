-- A reservation a request holds (a streamed AI answer, an API call) lapses when its instance dies before settling or
-- giving it back: the upkeep gives back every reservation past its lapse time, so a failure costs nothing
-- (docs/permissions.md, "Reservations that lapse"). Reservations a job holds have none: the job ends them.
ALTER TABLE "usage_ledger" ADD COLUMN "lapses_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "usage_ledger_lapse_idx" ON "usage_ledger" USING btree ("lapses_at") WHERE "state" = 'reserved' AND "lapses_at" IS NOT NULL;
