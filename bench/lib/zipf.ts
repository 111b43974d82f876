import pg from 'pg';

/**
 * A day's searches as a Zipf mix, most searched first: the library's head terms (by search index) with their first
 * two characters and first character, then long tails sampled across the library; the word at rank r is drawn with
 * weight 1/r. The draw is seeded, so every run searches the same sequence.
 */
export async function zipfSearches(
  connectionString: string,
  options: { heads?: number; tails?: number; draws?: number } = {},
): Promise<string[]> {
  const client = new pg.Client({ connectionString });
  await client.connect();
  try {
    const heads = (
      await client.query<{ keyword: string }>(
        "SELECT keyword FROM keywords WHERE platform = 'DSO' ORDER BY search_index DESC LIMIT $1",
        [options.heads ?? 100],
      )
    ).rows.map((row) => row.keyword);
    const tails = (
      await client.query<{ keyword: string }>(
        "SELECT keyword FROM keywords TABLESAMPLE SYSTEM (5) REPEATABLE (7) WHERE platform = 'DSO' AND char_length(keyword) >= 5 LIMIT $1",
        [options.tails ?? 300],
      )
    ).rows.map((row) => row.keyword);
    const ranked: string[] = [];
    for (const head of heads) ranked.push(head.slice(0, 2), [...head][0] ?? head, head);
    ranked.push(...tails);
    return drawZipf([...new Set(ranked.filter(Boolean))], options.draws ?? 20_000);
  } finally {
    await client.end();
  }
}

/** `draws` picks from `ranked` with weight 1/rank, from a fixed seed. */
export function drawZipf<T>(ranked: T[], draws: number): T[] {
  const weights = ranked.map((_, rank) => 1 / (rank + 1));
  const total = weights.reduce((sum, weight) => sum + weight, 0);
  let seed = 12_345;
  const random = () => {
    seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
    return seed / 2_147_483_648;
  };
  return Array.from({ length: draws }, () => {
    let left = random() * total;
    for (let index = 0; index < ranked.length; index++) {
      left -= weights[index] ?? 0;
      if (left <= 0) return ranked[index] as T;
    }
    return ranked.at(-1) as T;
  });
}
