-- The class indexes of 0013 are keyed on an expression, whose statistics PostgreSQL gathers only at the
-- next ANALYZE; until then the planner guesses the class filter's share and may walk a sort index past
-- most of the library. Gather them now rather than waiting for autovacuum.
ANALYZE creators;
