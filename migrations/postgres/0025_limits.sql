-- Twin of ../0025_limits.sql.
CREATE TABLE limit_marks (
    kind       TEXT NOT NULL,
    who        TEXT NOT NULL,
    whom       TEXT NOT NULL DEFAULT '',
    at         BIGINT NOT NULL,
    expires_at BIGINT NOT NULL
);
CREATE INDEX limit_marks_who ON limit_marks (kind, who, at);
CREATE INDEX limit_marks_expiry ON limit_marks (expires_at);

CREATE TABLE limit_key (
    id     BIGINT PRIMARY KEY NOT NULL,
    secret TEXT NOT NULL
);

CREATE TABLE erasures (
    guild     TEXT NOT NULL,
    erased_at BIGINT NOT NULL
);
CREATE INDEX erasures_guild ON erasures (guild);

ALTER TABLE guild_settings ADD COLUMN member_matches BIGINT;
ALTER TABLE guild_settings ADD COLUMN server_matches BIGINT;

ALTER TABLE match_hints ADD COLUMN answer TEXT;
