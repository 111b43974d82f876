-- n-gram functions for keyword substring search. Trigram indexes cannot serve one- and two-character
-- queries, the most common ones in Chinese, so keywords are indexed by their unigrams and bigrams.
-- A gram is prefixed with its scope (platform plus country, e.g. 'DSO:', 'TSOUS:') so one GIN index
-- serves every library without mixing them.
CREATE OR REPLACE FUNCTION dso_grams(scope text, keyword text) RETURNS text[]
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT coalesce(array_agg(DISTINCT scope || ':' || gram), '{}'::text[])
  FROM (
    SELECT substr(lower(keyword), i, 1) AS gram FROM generate_series(1, char_length(keyword)) AS i
    UNION
    SELECT substr(lower(keyword), i, 2) FROM generate_series(1, char_length(keyword) - 1) AS i
  ) AS grams
  WHERE gram <> ' '
$$;
--> statement-breakpoint
-- The grams a query must contain: itself when one character long, else its bigrams.
CREATE OR REPLACE FUNCTION dso_query_grams(scope text, query text) RETURNS text[]
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT CASE
    WHEN char_length(query) <= 1 THEN ARRAY[scope || ':' || lower(query)]
    ELSE (
      SELECT array_agg(DISTINCT scope || ':' || substr(lower(query), i, 2))
      FROM generate_series(1, char_length(query) - 1) AS i
    )
  END
$$;
