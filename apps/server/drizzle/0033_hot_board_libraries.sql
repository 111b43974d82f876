-- Hot boards per keyword library (docs/collection.md, "Hot boards"): the Xiaohongshu, Kuaishou and Bilibili libraries read
-- their platforms' boards through the same source as the Douyin library, so a board is keyed by its library too. Every
-- reading stored so far is the Douyin library's. `search` is a platform's 热搜词 board (Kuaishou's 搜索榜, Bilibili's 热门搜索,
-- Xiaohongshu's 热搜词), and a board that gives no heat (Xiaohongshu's 热搜词) stores none rather than a made-up zero.
ALTER TABLE "hot_board_entries" ADD COLUMN "platform" text DEFAULT 'DSO' NOT NULL;--> statement-breakpoint
ALTER TABLE "hot_board_entries" DROP CONSTRAINT "hot_board_entries_pk";--> statement-breakpoint
ALTER TABLE "hot_board_entries" ADD CONSTRAINT "hot_board_entries_pk" PRIMARY KEY ("platform","source","board","city_code","rank");--> statement-breakpoint
ALTER TABLE "hot_board_entries" DROP CONSTRAINT "hot_board_entries_board_check";--> statement-breakpoint
ALTER TABLE "hot_board_entries" ADD CONSTRAINT "hot_board_entries_board_check" CHECK ("board" IN ('hot', 'rising', 'city', 'search'));--> statement-breakpoint
ALTER TABLE "hot_board_entries" ALTER COLUMN "hot_value" DROP NOT NULL;
