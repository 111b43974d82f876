-- The n-gram index: an expression GIN index, so the grams are never stored in the table rows.
CREATE INDEX keywords_grams_idx ON keywords USING gin (dso_grams(platform || country, keyword));
--> statement-breakpoint
-- Ordered scans for the most common sort, covering the keyword so the LIKE filter needs no heap visit.
CREATE INDEX keywords_search_index_idx ON keywords (platform, country, search_index DESC, id) INCLUDE (keyword);
--> statement-breakpoint
-- Prefix suggestions.
CREATE INDEX keywords_prefix_idx ON keywords (platform, country, lower(keyword) text_pattern_ops);
