-- Substring search: a GIN index over the gram hashes finds the candidates of a query, a LIKE recheck
-- confirms them. Trigram indexes cannot serve one- and two-character queries, the most common ones.
CREATE INDEX keywords_grams_idx ON keywords USING gin (grams);
--> statement-breakpoint
-- Ordered scans for the most common sort, covering the keyword so the LIKE filter needs no heap visit.
CREATE INDEX keywords_search_index_idx ON keywords (platform, country, search_index DESC, id) INCLUDE (keyword);
--> statement-breakpoint
-- Prefix suggestions.
CREATE INDEX keywords_prefix_idx ON keywords (platform, country, lower(keyword) text_pattern_ops);
