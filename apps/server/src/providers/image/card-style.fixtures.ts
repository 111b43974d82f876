import type { CardStyle } from './index';

/** A card style for the image adapters' tests: the gradient template in orange on navy. */
export const testCardStyle: CardStyle = {
  template: 'gradient',
  primaryColor: '#ff6a3d',
  backgroundColor: '#1e2a4a',
  textColor: '#ffffff',
  fontSize: 44,
};
