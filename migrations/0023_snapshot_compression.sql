-- Twin of postgres/0023_snapshot_compression.sql, which has PostgreSQL
-- compress the match snapshots with lz4. SQLite stores them as they are:
-- nothing to change here.
SELECT 1;
