import { act, renderHook, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

const registerMap = vi.fn();
const maps = new Map<string, unknown>();
vi.mock('./echarts', () => ({
  echarts: {
    registerMap: (name: string, json: unknown) => {
      registerMap(name, json);
      maps.set(name, { geoJSON: json });
    },
    getMap: (name: string) => maps.get(name) ?? null,
  },
}));

type ChinaMapModule = typeof import('./china-map');
let chinaMap: ChinaMapModule;

// Each test starts with no map loaded: a fresh module, so no load promise is left from the one before.
beforeEach(async () => {
  vi.resetModules();
  chinaMap = await import('./china-map');
});

const provinces = {
  type: 'FeatureCollection',
  features: [{ properties: { name: '广东' } }, { properties: { name: '浙江' } }],
};

afterEach(() => {
  vi.unstubAllGlobals();
  registerMap.mockClear();
  maps.clear();
});

describe('loadChinaMap', () => {
  it('fetches /china.json once and registers it as the china map', async () => {
    const fetch = vi.fn(async () => new Response(JSON.stringify(provinces)));
    vi.stubGlobal('fetch', fetch);
    await Promise.all([chinaMap.loadChinaMap('province'), chinaMap.loadChinaMap('province')]);
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(fetch).toHaveBeenCalledWith('/china.json');
    expect(registerMap).toHaveBeenCalledWith('china', provinces);
    expect(chinaMap.chinaMapRegionNames('province')).toEqual(['广东', '浙江']);
  });

  it('tries again after a failed load of the city map', async () => {
    const fetch = vi
      .fn()
      .mockResolvedValueOnce(new Response('gone', { status: 503 }))
      .mockResolvedValueOnce(new Response(JSON.stringify(provinces)));
    vi.stubGlobal('fetch', fetch);
    await expect(chinaMap.loadChinaMap('city')).rejects.toThrow('HTTP 503');
    await chinaMap.loadChinaMap('city');
    expect(fetch).toHaveBeenNthCalledWith(2, '/china-cities.json');
    expect(registerMap).toHaveBeenCalledWith('china-cities', provinces);
  });
});

describe('useChinaMap', () => {
  it('does not call a level ready while its own map is still loading', async () => {
    let finish: (response: Response) => void = () => undefined;
    const fetch = vi.fn((url: string) =>
      url === '/china.json'
        ? Promise.resolve(new Response(JSON.stringify(provinces)))
        : new Promise<Response>((resolve) => {
            finish = resolve;
          }),
    );
    vi.stubGlobal('fetch', fetch);
    const { result, rerender } = renderHook(({ level }) => chinaMap.useChinaMap(level), {
      initialProps: { level: 'province' as 'province' | 'city' },
    });
    await waitFor(() => expect(result.current).toBe('ready'));
    rerender({ level: 'city' });
    expect(result.current).toBe('loading');
    await act(async () => finish(new Response(JSON.stringify(provinces))));
    await waitFor(() => expect(result.current).toBe('ready'));
  });

  it('reports a failed load', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('gone', { status: 500 })),
    );
    const { result } = renderHook(() => chinaMap.useChinaMap('city'));
    await waitFor(() => expect(result.current).toBe('error'));
  });
});
