import { z } from 'zod';

/**
 * Validation messages in Chinese wherever a schema gives none of its own. Called by the server at
 * start rather than on import, so a browser page that only needs a path table or a code does not
 * carry zod and its locale with it.
 */
export function installChineseValidationMessages() {
  z.config(z.locales.zhCN());
}
