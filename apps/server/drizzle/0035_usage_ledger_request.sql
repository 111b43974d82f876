-- A request the load balancer retried on another instance, after the one serving it died, carries the same request id:
-- the charge looks the id up in the ledger so that the retry is not charged a second time (docs/scale.md, "Failover").
CREATE INDEX "usage_ledger_request_idx" ON "usage_ledger" USING btree ("request_id") WHERE "request_id" IS NOT NULL;
