-- How many listable works (platform DSO, status normal) have each character and each pair of adjacent characters
-- in their lower-cased title: the exact total of a one- or two-character title search, which counting the matches
-- themselves cannot give fast (a word in a few thousand works means a few thousand heap pages; docs/videos.md,
-- the video lists).
--
-- Kept as deltas: every insert or delete statement, and every update of a work's title or status, appends one row per
-- gram whose count it changed, so concurrent writers never wait on or deadlock over a shared counter row (every title
-- holds 的). A gram's count is
-- the sum of its rows; video_title_grams_compact() folds them into one row per gram (the videos.compact-title-grams
-- job).
CREATE TABLE "video_title_grams" (
	"gram" text NOT NULL,
	"works" integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX "video_title_grams_gram_idx" ON "video_title_grams" USING btree ("gram");
--> statement-breakpoint
-- The distinct characters and pairs of adjacent characters of a lower-cased title (a work counts once per gram).
CREATE FUNCTION "video_title_grams_of"(title text) RETURNS SETOF text LANGUAGE sql IMMUTABLE AS $$
	SELECT DISTINCT substr(t.lowered, i, n)
	FROM (SELECT lower(title) AS lowered) AS t, generate_series(1, char_length(t.lowered)) AS i, (VALUES (1), (2)) AS len(n)
	WHERE i + n - 1 <= char_length(t.lowered)
$$;
--> statement-breakpoint
-- The title-gram deltas of an insert or delete statement: +1 per (work, gram) of the listable works it inserted,
-- -1 per (work, gram) of those it deleted. A truncation empties the counts.
CREATE FUNCTION "video_title_grams_track"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF TG_OP = 'INSERT' THEN
		INSERT INTO video_title_grams (gram, works)
		SELECT gram, count(*)::int FROM new_rows n, video_title_grams_of(n.video_desc) AS gram
		WHERE n.platform = 'DSO' AND n.status = 'normal' GROUP BY gram;
	ELSIF TG_OP = 'DELETE' THEN
		INSERT INTO video_title_grams (gram, works)
		SELECT gram, -count(*)::int FROM old_rows o, video_title_grams_of(o.video_desc) AS gram
		WHERE o.platform = 'DSO' AND o.status = 'normal' GROUP BY gram;
	ELSE
		DELETE FROM video_title_grams;
	END IF;
	RETURN NULL;
END
$$;
--> statement-breakpoint
-- The title-gram deltas of a work whose title, status or platform an update changed: its grams before (-1, when it
-- was listable) and after (+1, when it is), netted.
CREATE FUNCTION "video_title_grams_retrack"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	INSERT INTO video_title_grams (gram, works)
	SELECT gram, sum(delta)::int FROM (
		SELECT gram, 1 AS delta FROM video_title_grams_of(NEW.video_desc) AS gram
		WHERE NEW.platform = 'DSO' AND NEW.status = 'normal'
		UNION ALL
		SELECT gram, -1 AS delta FROM video_title_grams_of(OLD.video_desc) AS gram
		WHERE OLD.platform = 'DSO' AND OLD.status = 'normal'
	) AS changed GROUP BY gram HAVING sum(delta) <> 0;
	RETURN NULL;
END
$$;
--> statement-breakpoint
-- Inserts and deletes are counted per statement (transition tables allow one event per trigger). Updates are
-- counted per row and only where the title, status or platform changed: most updates refresh figures, and a
-- statement-level trigger would capture every updated row to find the few that matter.
CREATE TRIGGER "videos_title_grams_insert" AFTER INSERT ON "videos"
	REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION video_title_grams_track();
--> statement-breakpoint
CREATE TRIGGER "videos_title_grams_update" AFTER UPDATE OF "video_desc", "status", "platform" ON "videos"
	FOR EACH ROW WHEN ((OLD.video_desc, OLD.status, OLD.platform) IS DISTINCT FROM (NEW.video_desc, NEW.status, NEW.platform))
	EXECUTE FUNCTION video_title_grams_retrack();
--> statement-breakpoint
CREATE TRIGGER "videos_title_grams_delete" AFTER DELETE ON "videos"
	REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION video_title_grams_track();
--> statement-breakpoint
CREATE TRIGGER "videos_title_grams_truncate" AFTER TRUNCATE ON "videos"
	FOR EACH STATEMENT EXECUTE FUNCTION video_title_grams_track();
--> statement-breakpoint
-- Counts the whole library again (this migration's fill, and bulk loads that ran with the triggers off).
CREATE FUNCTION "video_title_grams_recount"() RETURNS void LANGUAGE sql AS $$
	DELETE FROM video_title_grams;
	INSERT INTO video_title_grams (gram, works)
	SELECT gram, count(*)::int FROM videos v, video_title_grams_of(v.video_desc) AS gram
	WHERE v.platform = 'DSO' AND v.status = 'normal' GROUP BY gram;
$$;
--> statement-breakpoint
-- Folds every committed delta into one row per gram (grams that net to zero go). Rows a writer adds meanwhile are
-- not in this statement's snapshot and stay for the next fold.
CREATE FUNCTION "video_title_grams_compact"() RETURNS void LANGUAGE sql AS $$
	WITH moved AS (DELETE FROM video_title_grams RETURNING gram, works)
	INSERT INTO video_title_grams (gram, works)
	SELECT gram, sum(works)::int FROM moved GROUP BY gram HAVING sum(works) <> 0;
$$;
--> statement-breakpoint
SELECT video_title_grams_recount();
