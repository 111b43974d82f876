-- Keywords written since their library's last derive (docs/keywords.md, "Deriving what changed"): an upsert records
-- each row it inserted or updated, in its own transaction, and a derive claims the library's rows when it starts. A
-- derive of what changed then touches the statistics and heads of these words only, not the whole library.
CREATE TABLE "keyword_changes" (
	"platform" text NOT NULL,
	"country" text DEFAULT '' NOT NULL,
	"keyword_id" bigint NOT NULL,
	"inserted" boolean NOT NULL,
	CONSTRAINT "keyword_changes_pk" PRIMARY KEY("platform","country","keyword_id")
);
