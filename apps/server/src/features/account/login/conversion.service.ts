import type { ConversionBody } from '@dso/contract';
import type { AccountContext } from '../account.context';
import * as accounts from '../accounts.repository';
import { isFreshClick } from './login.service';

/**
 * `bd/conversion`: the client's paid-search report. It counts once per user and kind, and only for
 * a click seen within 24 h (001 §9); a registration has usually been recorded by the login already.
 */
export async function reportConversion(options: {
  ctx: AccountContext;
  userId: number;
  body: ConversionBody;
  now: Date;
}) {
  const { ctx, userId, body } = options;
  if (!isFreshClick(body.bd_vid_time, options.now)) return { created: false };
  const created = await accounts.insertConversionOnce(ctx.db, { userId, adClickId: body.bd_vid, kind: body.kind });
  return { created };
}
