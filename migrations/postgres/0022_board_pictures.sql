-- Twin of ../0022_board_pictures.sql.
ALTER TABLE users ADD COLUMN board TEXT;
ALTER TABLE guild_settings ADD COLUMN board TEXT;
