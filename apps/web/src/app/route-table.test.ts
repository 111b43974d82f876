import { describe, expect, it } from 'vitest';
import { isComingRoute, routeTable } from './route-table';

describe('the route table', () => {
  it('has a built page for every route: none shows the coming page', () => {
    expect(routeTable.filter(isComingRoute).map((meta) => meta.path)).toEqual([]);
  });
});
