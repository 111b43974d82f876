import type { PlatformDataProvider } from '../../../providers/platform-data';
import type { CollectionContext } from '../collection.registry';

/**
 * The provider with each of its calls made through the run's context (paced, counted, budgeted): for collections
 * that hand the provider to another feature's refresh path, which makes several calls per item.
 */
export function metered(provider: PlatformDataProvider, context: CollectionContext): PlatformDataProvider {
  return new Proxy(provider, {
    get(target, property, receiver) {
      const value = Reflect.get(target, property, receiver);
      if (typeof value !== 'function') return value;
      return (...args: unknown[]) => context.call(() => value.apply(target, args));
    },
  });
}
