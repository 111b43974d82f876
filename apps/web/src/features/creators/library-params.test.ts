import { describe, expect, it } from 'vitest';
import { readLibraryParams, writeLibraryParams } from './library-params';

describe('creator library address', () => {
  it('reads the header search keyword and each filter', () => {
    const params = readLibraryParams(
      new URLSearchParams(
        'keyword=%E9%98%BF%E6%98%8E&field=美食餐饮&size_class=mid&province=广东&is_commerce=1&sort=total_favorited',
      ),
    );
    expect(params).toEqual({
      keyword: '阿明',
      field: '美食餐饮',
      sizeClass: 'mid',
      province: '广东',
      isCommerce: true,
      sort: 'total_favorited',
    });
  });

  it('falls back to no filter and the follower sort on unknown values', () => {
    expect(readLibraryParams(new URLSearchParams('size_class=giant&sort=nope&is_commerce=x'))).toEqual({
      keyword: '',
      field: null,
      sizeClass: null,
      province: null,
      isCommerce: null,
      sort: 'total_follower_count',
    });
  });

  it('writes only what differs from the default, and reads back the same', () => {
    const params = readLibraryParams(new URLSearchParams('is_commerce=0&field=美妆护肤'));
    expect(writeLibraryParams(params).toString()).toBe(
      new URLSearchParams({ field: '美妆护肤', is_commerce: '0' }).toString(),
    );
    expect(readLibraryParams(writeLibraryParams(params))).toEqual(params);
  });
});
