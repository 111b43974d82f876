CREATE TABLE "keyword_gram_heads" (
	"scope" text NOT NULL,
	"gram" integer NOT NULL,
	"ids" bigint[] NOT NULL,
	CONSTRAINT "keyword_gram_heads_scope_gram_pk" PRIMARY KEY("scope","gram")
);
