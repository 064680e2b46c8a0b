-- Servers that removed the bot (Discord's GuildDelete outside an outage):
-- their matches and challenges pause from `left_at`, resume if the bot is
-- added back, and are purged by the ticker once `SERVER_PURGE_DAYS` have
-- passed (see README, Privacy).
CREATE TABLE departed_guilds (
    guild   TEXT PRIMARY KEY NOT NULL,
    left_at INTEGER NOT NULL
);
