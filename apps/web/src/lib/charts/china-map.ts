import { useEffect, useState } from 'react';
import { echarts } from './echarts';

/** The two map levels the audience panel shows (002 §2): provinces, and cities within them. */
export type ChinaMapLevel = 'province' | 'city';

/** Registered map names, as a map series' `map` refers to them. */
export const chinaMapName: Record<ChinaMapLevel, string> = { province: 'china', city: 'china-cities' };

/** Static map files the server ships (002 §7 "Map file"): ECharts 4 GeoJSON, which ECharts 6 reads. */
const mapUrl: Record<ChinaMapLevel, string> = { province: '/china.json', city: '/china-cities.json' };

const pending = new Map<ChinaMapLevel, Promise<void>>();

type GeoJson = Parameters<typeof echarts.registerMap>[1];

/**
 * Fetches a map file once per page life and registers it with ECharts; later calls share the same
 * promise. A failed load is forgotten so the next call tries again.
 */
export function loadChinaMap(level: ChinaMapLevel): Promise<void> {
  const loaded = pending.get(level);
  if (loaded) return loaded;
  const load = fetch(mapUrl[level])
    .then((response) => {
      if (!response.ok) throw new Error(`map ${mapUrl[level]}: HTTP ${response.status}`);
      return response.json() as Promise<GeoJson>;
    })
    .then((json) => {
      echarts.registerMap(chinaMapName[level], json);
    })
    .catch((error: unknown) => {
      pending.delete(level);
      throw error;
    });
  pending.set(level, load);
  return load;
}

/** State of a map load for a component: ready to draw, still loading, or failed. */
export type ChinaMapStatus = 'loading' | 'ready' | 'error';

/**
 * Loads a map level and reports when it can be drawn. Readiness is read from the registry on every
 * render, so switching from a loaded level to one still loading never reports the new one ready.
 */
export function useChinaMap(level: ChinaMapLevel): ChinaMapStatus {
  const registered = Boolean(echarts.getMap(chinaMapName[level]));
  const [failed, setFailed] = useState<ChinaMapLevel | null>(null);
  const [, setLoaded] = useState(0);
  useEffect(() => {
    if (echarts.getMap(chinaMapName[level])) return;
    let alive = true;
    loadChinaMap(level).then(
      () => alive && setLoaded((count) => count + 1),
      () => alive && setFailed(level),
    );
    return () => {
      alive = false;
    };
  }, [level]);
  if (registered) return 'ready';
  return failed === level ? 'error' : 'loading';
}

/** Region names of a registered map level (empty until it has loaded). */
export function chinaMapRegionNames(level: ChinaMapLevel): string[] {
  const map = echarts.getMap(chinaMapName[level]) as {
    geoJSON?: { features?: { properties?: { name?: string } }[] };
  } | null;
  return (map?.geoJSON?.features ?? []).flatMap((feature) =>
    feature.properties?.name ? [feature.properties.name] : [],
  );
}
