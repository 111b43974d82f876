import { libraryBoards } from '../../../config';
import type { HotListProvider } from '../../../providers/hot-list';
import type {
  PlatformBoardLibrary,
  PlatformHotListKind,
  PlatformKeywordSource,
} from '../../../providers/platform-data/keywords';
import { enqueueChangesDerive, type HotBoardReading, hotBoardLibrary, storeHotBoard } from '../../keywords';
import type { CollectionContext, CollectionHandler } from '../collection.registry';
import { failItem } from '../collection.service';

/** Pages read of one board at most: Douyin's boards hold 50 words, 20 a page with TikHub. */
const MAX_BOARD_PAGES = 5;

/**
 * Reads one board and stores it. A board the source answered with entries replaces its last reading and adds the
 * words the library lacks (counted added, the ones it knew updated); an empty answer writes nothing and counts
 * nothing, so a run whose boards were all empty is recorded `empty`; a failure (a cut connection on page 2 too)
 * writes nothing, is counted with the vendor's reason, and the run goes on with the next board. Only a spent
 * budget or refused credentials stop the run.
 */
async function collectBoard(context: CollectionContext, read: () => Promise<HotBoardReading>) {
  let reading: HotBoardReading;
  try {
    reading = await read();
  } catch (error) {
    failItem(context.tally, error);
    return;
  }
  if (reading.entries.length === 0) {
    context.log.info({ source: reading.source, board: reading.board, city: reading.cityCode }, 'hot board empty');
    return;
  }
  const outcome = await storeHotBoard(context.db, reading);
  context.tally.added += outcome.added;
  context.tally.updated += outcome.updated;
}

/**
 * Words new to the library rank on its boards and in its searches' heads once a derive has run over them: the derive
 * of what changed, which touches these words, not the whole library.
 */
async function deriveWhenAdded(context: CollectionContext, library: HotBoardReading['library'] = hotBoardLibrary) {
  if (context.tally.added > 0) await enqueueChangesDerive(context.db, library);
}

/**
 * 热搜榜, 上升热点榜 and the 同城热点榜 of `cityCodes` through the platform data provider (TikHub's billboard or the
 * sandbox), every page of each, every two hours by default.
 */
export function platformHotBoardsCollection(deps: {
  platformData: PlatformKeywordSource & { name: string };
  cityCodes: readonly string[];
}): CollectionHandler {
  return async (context) => {
    const boards: Array<{ kind: PlatformHotListKind; cityCode: string }> = [
      { kind: 'hot', cityCode: '' },
      { kind: 'rising', cityCode: '' },
      ...deps.cityCodes.map((cityCode) => ({ kind: 'city' as const, cityCode })),
    ];
    for (const { kind, cityCode } of boards) {
      if (context.signal.aborted) return;
      await collectBoard(context, async () => {
        const entries: HotBoardReading['entries'] = [];
        let cursor: string | null = null;
        let updatedAt: Date | null = null;
        let fetchedAt = new Date();
        for (let page = 0; page < MAX_BOARD_PAGES; page++) {
          const list = await context.call(() =>
            deps.platformData.fetchHotList(kind, { cursor, ...(cityCode ? { cityCode } : {}) }),
          );
          entries.push(...list.items);
          updatedAt ??= list.updatedAt;
          fetchedAt = list.fetchedAt;
          cursor = list.nextCursor;
          if (!cursor || list.items.length === 0 || context.signal.aborted) break;
        }
        return {
          library: hotBoardLibrary,
          source: 'platform-data',
          provider: deps.platformData.name,
          board: kind,
          cityCode,
          asOf: updatedAt && updatedAt < fetchedAt ? updatedAt : fetchedAt,
          fetchedAt,
          entries,
        };
      });
    }
    await deriveWhenAdded(context);
  };
}

/** 热点榜 and 上升词 through Douyin Open Platform's data-open hot lists (or the sandbox), every two hours by default. */
export function douyinHotBoardsCollection(deps: { hotList: HotListProvider }): CollectionHandler {
  return async (context) => {
    const boards = [
      { kind: 'hot' as const, fetch: () => deps.hotList.fetchHotSearch() },
      { kind: 'rising' as const, fetch: () => deps.hotList.fetchRisingWords() },
    ];
    for (const { kind, fetch } of boards) {
      if (context.signal.aborted) return;
      await collectBoard(context, async () => {
        const board = await context.call(fetch);
        return {
          library: hotBoardLibrary,
          source: 'hot-list',
          provider: deps.hotList.name,
          board: kind,
          cityCode: '',
          asOf: board.asOf,
          fetchedAt: new Date(),
          entries: board.entries.map((entry) => ({ ...entry, category: null })),
        };
      });
    }
    await deriveWhenAdded(context);
  };
}

/**
 * The boards of another platform's library (`libraryBoards`: 小红书 热榜 and 热搜词, 快手 热榜 and 搜索榜, B站 热门搜索) through
 * the platform data provider, each read whole in one call, into that library, every two hours by default. A board
 * stores and counts as the Douyin boards do (`collectBoard`); a failed board leaves its last reading and the run goes
 * on with the next; the words added queue that library's derive.
 */
export function libraryHotBoardsCollection(deps: {
  platformData: PlatformKeywordSource & { name: string };
  library: PlatformBoardLibrary;
}): CollectionHandler {
  const library = { platform: deps.library, country: '' } as const;
  return async (context) => {
    for (const board of libraryBoards[deps.library].boards) {
      if (context.signal.aborted) return;
      await collectBoard(context, async () => {
        const read = await context.call(() => deps.platformData.fetchPlatformBoard(deps.library, board));
        return {
          library,
          source: 'platform-data',
          provider: deps.platformData.name,
          board,
          cityCode: '',
          asOf: read.updatedAt && read.updatedAt < read.fetchedAt ? read.updatedAt : read.fetchedAt,
          fetchedAt: read.fetchedAt,
          entries: read.items.map((entry) => ({
            word: entry.word,
            rank: entry.rank,
            hotValue: entry.heat,
            label: entry.label,
            videoCount: null,
            category: null,
          })),
        };
      });
    }
    await deriveWhenAdded(context, library);
  };
}
