import { act, cleanup, render } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { usePreferences } from '../../stores/preferences';

interface FakeChart {
  theme: string;
  setOption: ReturnType<typeof vi.fn>;
  resize: ReturnType<typeof vi.fn>;
  dispose: ReturnType<typeof vi.fn>;
}
const charts: FakeChart[] = [];
vi.mock('./echarts', () => ({
  echarts: {
    init: (_box: HTMLElement, theme: string) => {
      const chart = { theme, setOption: vi.fn(), resize: vi.fn(), dispose: vi.fn() };
      charts.push(chart);
      return chart;
    },
  },
}));

const { EChart } = await import('./e-chart');

let resizeCallbacks: (() => void)[] = [];
let boxSize = { width: 600, height: 300 };

beforeEach(() => {
  charts.length = 0;
  resizeCallbacks = [];
  boxSize = { width: 600, height: 300 };
  vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockImplementation(() => boxSize.width);
  vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockImplementation(() => boxSize.height);
  vi.stubGlobal(
    'ResizeObserver',
    class {
      constructor(callback: () => void) {
        resizeCallbacks.push(callback);
      }
      observe() {}
      disconnect() {}
    },
  );
  usePreferences.setState({ theme: 'dark' });
});

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

const option = { series: [{ type: 'line' as const, data: [1, 2, 3] }] };

describe('EChart', () => {
  it('draws with the dark chart theme and the given option', () => {
    const { getByRole } = render(<EChart option={option} ariaLabel="搜索指数趋势" />);
    expect(getByRole('img', { name: '搜索指数趋势' })).toBeTruthy();
    expect(charts).toHaveLength(1);
    expect(charts[0]?.theme).toBe('dso-dark');
    expect(charts[0]?.setOption).toHaveBeenCalledWith(option, { notMerge: true });
  });

  it('follows its box when the box is resized', () => {
    render(<EChart option={option} ariaLabel="趋势" />);
    act(() => {
      for (const callback of resizeCallbacks) callback();
    });
    expect(charts[0]?.resize).toHaveBeenCalledTimes(1);
  });

  it('waits for a hidden box to get a size before drawing', () => {
    boxSize = { width: 0, height: 0 };
    render(<EChart option={option} ariaLabel="趋势" />);
    expect(charts).toHaveLength(0);
    boxSize = { width: 400, height: 300 };
    act(() => {
      for (const callback of resizeCallbacks) callback();
    });
    expect(charts).toHaveLength(1);
  });

  it('redraws in the light theme when the user switches theme', () => {
    render(<EChart option={option} ariaLabel="趋势" />);
    act(() => usePreferences.setState({ theme: 'light' }));
    expect(charts[0]?.dispose).toHaveBeenCalled();
    expect(charts[1]?.theme).toBe('dso-light');
    expect(charts[1]?.setOption).toHaveBeenCalledWith(option, { notMerge: true });
  });

  it('replaces the option rather than merging a new one into the old', () => {
    const { rerender } = render(<EChart option={option} ariaLabel="趋势" />);
    const next = { series: [{ type: 'bar' as const, data: [4] }] };
    rerender(<EChart option={next} ariaLabel="趋势" />);
    expect(charts[0]?.setOption).toHaveBeenLastCalledWith(next, { notMerge: true });
  });

  it('keeps the page when an option cannot be drawn, and says so on the console', () => {
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { rerender, getByRole } = render(<EChart option={option} ariaLabel="地图" />);
    charts[0]?.setOption.mockImplementation(() => {
      throw new TypeError("Cannot read properties of undefined (reading 'regions')");
    });
    rerender(<EChart option={{ series: [{ type: 'map' as const, map: 'nowhere' }] }} ariaLabel="地图" />);
    expect(getByRole('img', { name: '地图' })).toBeTruthy();
    expect(consoleError).toHaveBeenCalledWith('chart option could not be drawn', expect.any(TypeError));
  });

  it('hands the drawn chart out, and null once it is disposed', () => {
    const onChart = vi.fn();
    const { unmount } = render(<EChart option={option} ariaLabel="导图" onChart={onChart} />);
    expect(onChart).toHaveBeenLastCalledWith(charts[0]);
    unmount();
    expect(onChart).toHaveBeenLastCalledWith(null);
  });

  it('disposes the chart when it leaves the page', () => {
    const { unmount } = render(<EChart option={option} ariaLabel="趋势" />);
    unmount();
    expect(charts[0]?.dispose).toHaveBeenCalled();
  });
});
