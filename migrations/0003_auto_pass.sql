-- A player's leave for the table to pass priority stops for them even when
-- only their own hidden cards show they have no answer (off by default:
-- the opponents could infer it from the automatic pass).
ALTER TABLE users ADD COLUMN auto_pass INTEGER NOT NULL DEFAULT 0;
