-- How many listable works (platform DSO, status normal) have each character in their lower-cased title: the
-- exact total of a one-character title search, which counting the matches themselves cannot give fast (a
-- character in a few thousand works means a few thousand heap pages; docs/videos.md "Title search").
--
-- Kept as deltas: every statement that writes videos appends one row per character whose count it changed,
-- so concurrent writers never wait on or deadlock over a shared counter row (every title holds 的). A
-- character's count is the sum of its rows; video_title_chars_compact() folds them into one row per
-- character (the videos.compact-title-chars job).
CREATE TABLE "video_title_chars" (
	"ch" text NOT NULL,
	"works" integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX "video_title_chars_ch_idx" ON "video_title_chars" USING btree ("ch");
--> statement-breakpoint
-- The distinct characters of a lower-cased title (a work counts once per character).
CREATE FUNCTION "video_title_chars_of"(title text) RETURNS SETOF text LANGUAGE sql IMMUTABLE AS $$
	SELECT DISTINCT ch FROM regexp_split_to_table(lower(title), '') AS ch
$$;
--> statement-breakpoint
-- The title-character deltas of a statement: +1 per (work, character) of the listable works after it,
-- -1 per (work, character) of the listable works before it, netted per character. An update that keeps a
-- work's title, status and platform adds nothing.
CREATE FUNCTION "video_title_chars_track"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF TG_OP = 'INSERT' THEN
		INSERT INTO video_title_chars (ch, works)
		SELECT ch, count(*)::int FROM new_rows n, video_title_chars_of(n.video_desc) AS ch
		WHERE n.platform = 'DSO' AND n.status = 'normal' GROUP BY ch;
	ELSIF TG_OP = 'DELETE' THEN
		INSERT INTO video_title_chars (ch, works)
		SELECT ch, -count(*)::int FROM old_rows o, video_title_chars_of(o.video_desc) AS ch
		WHERE o.platform = 'DSO' AND o.status = 'normal' GROUP BY ch;
	ELSIF TG_OP = 'TRUNCATE' THEN
		DELETE FROM video_title_chars;
	ELSE
		INSERT INTO video_title_chars (ch, works)
		SELECT ch, sum(delta)::int FROM (
			SELECT ch, 1 AS delta FROM new_rows n JOIN old_rows o ON o.id = n.id, video_title_chars_of(n.video_desc) AS ch
			WHERE n.platform = 'DSO' AND n.status = 'normal'
				AND (o.video_desc, o.status, o.platform) IS DISTINCT FROM (n.video_desc, n.status, n.platform)
			UNION ALL
			SELECT ch, -1 AS delta FROM old_rows o JOIN new_rows n ON n.id = o.id, video_title_chars_of(o.video_desc) AS ch
			WHERE o.platform = 'DSO' AND o.status = 'normal'
				AND (o.video_desc, o.status, o.platform) IS DISTINCT FROM (n.video_desc, n.status, n.platform)
		) AS changed GROUP BY ch HAVING sum(delta) <> 0;
	END IF;
	RETURN NULL;
END
$$;
--> statement-breakpoint
-- Transition tables allow one event per trigger.
CREATE TRIGGER "videos_title_chars_insert" AFTER INSERT ON "videos"
	REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION video_title_chars_track();
--> statement-breakpoint
CREATE TRIGGER "videos_title_chars_update" AFTER UPDATE ON "videos"
	REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION video_title_chars_track();
--> statement-breakpoint
CREATE TRIGGER "videos_title_chars_delete" AFTER DELETE ON "videos"
	REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION video_title_chars_track();
--> statement-breakpoint
CREATE TRIGGER "videos_title_chars_truncate" AFTER TRUNCATE ON "videos"
	FOR EACH STATEMENT EXECUTE FUNCTION video_title_chars_track();
--> statement-breakpoint
-- Counts the whole library again (this migration's fill, and bulk loads that ran with the triggers off).
CREATE FUNCTION "video_title_chars_recount"() RETURNS void LANGUAGE sql AS $$
	DELETE FROM video_title_chars;
	INSERT INTO video_title_chars (ch, works)
	SELECT ch, count(*)::int FROM videos v, video_title_chars_of(v.video_desc) AS ch
	WHERE v.platform = 'DSO' AND v.status = 'normal' GROUP BY ch;
$$;
--> statement-breakpoint
-- Folds every committed delta into one row per character (characters that net to zero go). Rows a writer
-- adds meanwhile are not in this statement's snapshot and stay for the next fold.
CREATE FUNCTION "video_title_chars_compact"() RETURNS void LANGUAGE sql AS $$
	WITH moved AS (DELETE FROM video_title_chars RETURNING ch, works)
	INSERT INTO video_title_chars (ch, works)
	SELECT ch, sum(works)::int FROM moved GROUP BY ch HAVING sum(works) <> 0;
$$;
--> statement-breakpoint
SELECT video_title_chars_recount();
