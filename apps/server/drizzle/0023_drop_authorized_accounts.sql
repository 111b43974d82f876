-- authorized_accounts (0000) was the frame's placeholder for the tiktok user info list; nothing ever wrote it.
-- Authorised Douyin accounts live in publishing_accounts (0019), which the list now reads through the
-- publishing feature, so the placeholder goes rather than stand as a second, always empty, copy of the fact.
DROP TABLE IF EXISTS "authorized_accounts";
