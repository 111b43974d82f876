-- 综合指数 (issue 20): a keyword's daily overall index (searches plus the content and propagation around the word)
-- beside its search index, one array aligned with keyword_trends.values (same start_day, same length). NULL when the
-- source gives none; the overview chart then shows the search index alone.
ALTER TABLE "keyword_trends" ADD COLUMN "overall" integer[];
