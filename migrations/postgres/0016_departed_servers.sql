-- Twin of ../0016_departed_servers.sql.
CREATE TABLE departed_guilds (
    guild   TEXT PRIMARY KEY NOT NULL,
    left_at BIGINT NOT NULL
);
