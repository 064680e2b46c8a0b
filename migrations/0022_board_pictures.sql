-- The board as a picture (issue 34): how a player wants boards and hands
-- shown, `/settings board:` ('text', 'image' or 'both'; NULL: the server's
-- default), and the default of a server, set by its managers
-- (`/settings server_board:`; NULL: text, as before pictures).
ALTER TABLE users ADD COLUMN board TEXT;
ALTER TABLE guild_settings ADD COLUMN board TEXT;
