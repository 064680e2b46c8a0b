-- Hours apart (issue 52). `replied_at`: when the table last answered this
-- seat's player with a private reply about the match (their hand, the
-- answer to a click). Discord lets the bot edit such a reply for 15
-- minutes only, so the table counts the player as looking at the match
-- for 14 minutes after it; a decision that reaches them later is
-- announced (a ping or a direct message), never only edited in place.
-- `held_pass`: the match version at which the player passed at a quiet
-- window before its masking delay ended; the pass is applied with the
-- table's own passes when the delay ends, so the others cannot tell the
-- two apart by their timing. Any other version: no pass is held.
ALTER TABLE match_seats ADD COLUMN replied_at INTEGER;
ALTER TABLE match_seats ADD COLUMN held_pass INTEGER;
