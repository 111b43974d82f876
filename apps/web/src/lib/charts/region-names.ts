/**
 * Suffixes the map files leave off their names: `/china.json` names provinces '广东', '新疆',
 * '内蒙古', and `/china-cities.json` names cities '合肥'. Longest first so '维吾尔自治区' goes before
 * '自治区'. 盟 stays: the city map keeps it ('兴安盟').
 */
const suffixes = ['维吾尔自治区', '壮族自治区', '回族自治区', '特别行政区', '自治区', '自治州', '地区', '省', '市'];

/**
 * A province or city name as data may give it ('广东省', '深圳市', '延边朝鲜族自治州') turned into the
 * name the map file uses. With the map's names, an exact name wins, then the longest map name the
 * data name starts with ('延边朝鲜族自治州' → '延边'); otherwise the known suffixes are cut.
 */
export function toMapRegionName(name: string, mapNames?: readonly string[]): string {
  const trimmed = name.trim();
  if (mapNames) {
    if (mapNames.includes(trimmed)) return trimmed;
    const prefix = mapNames
      .filter((candidate) => candidate.length >= 2 && trimmed.startsWith(candidate))
      .sort((a, b) => b.length - a.length)[0];
    if (prefix) return prefix;
  }
  for (const suffix of suffixes) {
    if (trimmed.length > suffix.length + 1 && trimmed.endsWith(suffix)) return trimmed.slice(0, -suffix.length);
  }
  return trimmed;
}
