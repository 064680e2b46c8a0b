-- Every click rewrites a match's snapshot (`state`, a few kilobytes of
-- JSON) and reads it with its setup; PostgreSQL compresses such values,
-- by default with pglz, which showed as the largest single cost of the
-- server in a profile of `cardtable loadtest --processes 4` (BENCHMARKS.md).
-- lz4 does the same work in a fraction of the time. A server built without
-- lz4 keeps the default: the bot works the same either way. Rows take the
-- new method as they are next written.
DO $$
BEGIN
    ALTER TABLE matches
        ALTER COLUMN state SET COMPRESSION lz4,
        ALTER COLUMN setup SET COMPRESSION lz4;
EXCEPTION WHEN OTHERS THEN
    RAISE NOTICE 'snapshots keep the default compression: %', SQLERRM;
END
$$;
