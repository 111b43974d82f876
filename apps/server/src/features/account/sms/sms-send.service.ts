import { Code, SMS_RESEND_SECONDS, type SmsSendBody, type SmsSendType, smsTooFrequentMessage } from '@dso/contract';
import { AppError } from '../../../lib/app-error';
import type { SmsPurpose } from '../../../providers/sms';
import type { AccountContext } from '../account.context';
import { accountLimits } from '../account.limits';
import * as accounts from '../accounts.repository';
import { spendTicket } from '../captcha/captcha.service';
import { assertIpAllowed, blockIp } from '../ip-guard';
import { assertOwnPhone, PHONE_IN_USE } from '../profile/profile.service';
import { issueCode } from './sms-code.service';

const limits = accountLimits.sms;

interface Sender {
  phone: string;
  ip: string;
  userId: number | null;
}

interface SendRule {
  purpose: SmsPurpose;
  /** Checks that need no captcha because they reveal nothing (login, own phone); run first. */
  precheck?(ctx: AccountContext, sender: Sender): Promise<void>;
  /** Account reasons a send cannot go ahead (205); run after the captcha, as they reveal accounts. */
  accountCheck?(ctx: AccountContext, sender: Sender): Promise<void>;
}

function loggedIn(sender: Sender): number {
  if (sender.userId === null) throw new AppError(Code.TOKEN_INVALID, '请先登录');
  return sender.userId;
}

const closeDialog = (message: string) => new AppError(Code.SMS_CLOSE_DIALOG, message);

/** What each send type is for and who may ask for it (the table in the contract's `smsSendTypeSchema`). */
const sendRules: Record<SmsSendType, SendRule> = {
  RawPhone: { purpose: 'login' },
  BindPhone: {
    purpose: 'bind',
    async accountCheck(ctx, sender) {
      const user = await accounts.findUserByPhone(ctx.db, sender.phone);
      if (user?.wechatOpenId) throw closeDialog('该手机号已绑定其他微信');
    },
  },
  ResetPwd: {
    purpose: 'reset',
    async precheck(ctx, sender) {
      if (sender.userId !== null) await assertOwnPhone(ctx, sender.userId, sender.phone, '只能修改当前账号的密码');
    },
    async accountCheck(ctx, sender) {
      if (!(await accounts.findUserByPhone(ctx.db, sender.phone))) throw closeDialog('该手机号尚未注册');
    },
  },
  OldPhone: {
    purpose: 'change_old',
    async precheck(ctx, sender) {
      await assertOwnPhone(ctx, loggedIn(sender), sender.phone, '验证码只能发送到当前账号的手机号');
    },
  },
  NewPhone: {
    purpose: 'change_new',
    async precheck(ctx, sender) {
      const user = await accounts.findUserById(ctx.db, loggedIn(sender));
      if (user?.phone === sender.phone) throw new AppError(Code.TOAST, '新手机号不能与原手机号相同');
    },
    async accountCheck(ctx, sender) {
      if (await accounts.findUserByPhone(ctx.db, sender.phone)) throw closeDialog(PHONE_IN_USE);
    },
  },
  UnBind: {
    purpose: 'unbind',
    async precheck(ctx, sender) {
      const userId = loggedIn(sender);
      await assertOwnPhone(ctx, userId, sender.phone, '验证码只能发送到当前账号的手机号');
      // The child-account notice offers 解除绑定 for a pending invite too, so either link counts.
      if (!(await ctx.isChildAccount({ id: userId, phone: sender.phone }))) throw closeDialog('当前账号不是子账号');
    },
  },
  CloseAccount: {
    purpose: 'close',
    async precheck(ctx, sender) {
      await assertOwnPhone(ctx, loggedIn(sender), sender.phone, '验证码只能发送到当前账号的手机号');
    },
  },
};

/** The send types each path serves; the first is the path's default (001 §7 api numbers). */
export const typesByPath = {
  send: ['RawPhone', 'UnBind', 'CloseAccount'],
  sendLogin: ['BindPhone'],
  fastSend: ['ResetPwd'],
  sendUpdatePhone: ['OldPhone', 'NewPhone'],
} as const satisfies Record<string, readonly SmsSendType[]>;

/**
 * Sends a code, in the order that costs an abuser the most and a user the least: address block,
 * who-may-ask, the captcha ticket (spent here), address limits and harvest pattern, account
 * reasons, the 60 s countdown, per-phone limits, then the SMS itself.
 */
export async function sendSmsCode(options: {
  ctx: AccountContext;
  body: SmsSendBody;
  served: readonly SmsSendType[];
  ip: string;
  userId: number | null;
  now: Date;
}) {
  const { ctx, body, ip, now } = options;
  const type = body.type ?? options.served[0]!;
  if (!options.served.includes(type)) throw AppError.badRequest('验证码类型错误');
  const rule = sendRules[type];
  const sender: Sender = { phone: body.phone, ip, userId: options.userId };

  await assertIpAllowed(ctx.store, ip);
  await rule.precheck?.(ctx, sender);
  await spendTicket(
    { captcha: ctx.captcha(), store: ctx.store },
    { randstr: body.randstr, ticket: body.ticket, ip, now },
  );
  await countAddress(ctx, sender);
  await rule.accountCheck?.(ctx, sender);
  await claimCountdown(ctx, sender, rule.purpose);
  await countPhone(ctx, sender);
  await deliver(ctx, sender, rule.purpose, now);
  return { countdown: SMS_RESEND_SECONDS };
}

async function countAddress(ctx: AccountContext, { ip, phone }: Sender) {
  const { HOUR, DAY } = accountLimits.windows;
  if ((await ctx.store.increment(`sms:ip-day:${ip}`, DAY)).count > limits.ipPerDay) {
    await blockIp(ctx.store, ip);
    throw new AppError(Code.IP_BUSY);
  }
  if ((await ctx.store.increment(`sms:ip-hour:${ip}`, HOUR)).count > limits.ipPerHour) {
    throw new AppError(Code.LIMITED, '发送次数过多，请1小时后再试');
  }
  // A phone new to this address counts once towards its distinct phones; many of them means a
  // script walking a list, so it is sent back to the captcha.
  const window = limits.distinctPhonesWindowMs;
  const pairing = await ctx.store.increment(`sms:ip-phone:${ip}:${phone}`, window);
  if (pairing.count !== 1) return;
  if ((await ctx.store.increment(`sms:ip-phones:${ip}`, window)).count > limits.distinctPhonesPerIp) {
    throw new AppError(Code.CAPTCHA_REQUIRED, '请完成安全验证');
  }
}

const countdownKey = (phone: string, purpose: SmsPurpose) => `sms:countdown:${purpose}:${phone}`;

/** One code per phone and purpose per 60 s: 500 `发送过于频繁,N` with the seconds left (002 §8). */
async function claimCountdown(ctx: AccountContext, { phone }: Sender, purpose: SmsPurpose) {
  const claim = await ctx.store.increment(countdownKey(phone, purpose), limits.resendMs);
  if (claim.count > 1) {
    const seconds = Math.max(1, Math.ceil(claim.resetInMs / 1000));
    throw new AppError(Code.SERVER_ERROR, smsTooFrequentMessage(seconds), null, 429);
  }
}

async function countPhone(ctx: AccountContext, { phone }: Sender) {
  const { HOUR, DAY } = accountLimits.windows;
  if ((await ctx.store.increment(`sms:phone-day:${phone}`, DAY)).count > limits.phonePerDay) {
    throw new AppError(Code.LIMITED, '该手机号获取验证码次数过多，请24小时后再试');
  }
  if ((await ctx.store.increment(`sms:phone-hour:${phone}`, HOUR)).count > limits.phonePerHour) {
    throw new AppError(Code.LIMITED, '该手机号获取验证码次数过多，请1小时后再试');
  }
}

/** A vendor failure frees the countdown, so the user may try again at once. */
async function deliver(ctx: AccountContext, sender: Sender, purpose: SmsPurpose, now: Date) {
  const code = await issueCode({ db: ctx.db, phone: sender.phone, purpose, ip: sender.ip, now });
  try {
    await ctx.sms().sendCode({ phone: sender.phone, code, purpose, validMinutes: limits.codeTtlMs / 60_000 });
  } catch (error) {
    ctx.log.error({ err: error, purpose }, 'SMS vendor refused a code');
    await ctx.store.clear(countdownKey(sender.phone, purpose));
    throw new AppError(Code.SERVER_BUSY, '短信发送失败，请稍后再试');
  }
}
