import { writeFile } from 'node:fs/promises';
import {
  adminCardBatchBodySchema,
  adminCardListQuerySchema,
  adminCouponCreateBodySchema,
  adminCouponGrantBodySchema,
  adminPackageCreateBodySchema,
  adminPackageUpdateBodySchema,
  adminPlanCreateBodySchema,
  adminPlanEnableBodySchema,
  adminPlanUpdateBodySchema,
  type ConsoleAction,
  consoleActionLabels,
  consoleReasonSchema,
} from '@dso/contract';
import { yuanText } from '@dso/domain';
import type { Database } from '../db/client';
import {
  createCardsAudited,
  createCouponAudited,
  createPackAudited,
  createPlanAudited,
  grantCouponAudited,
  setPlanEnabledAudited,
  updatePackAudited,
  updatePlanAudited,
} from '../features/console';
import { listCards, listCouponKinds, listPackages, listPlans } from '../features/orders/admin/orders-admin.service';
import {
  CliError,
  checked,
  stringFlags as flags,
  type FlagOptions as Options,
  type Print,
  parseFlags,
  printRows,
  refusingAsCli,
  booleanFlags as toggles,
  type FlagValues as Values,
} from './cli-kit';

/**
 * `npm run orders -- <command>`: the operators' commands for plans, coupons, cards and packs. Each one
 * builds the same body the console's call takes, parses it with the same contract schema and calls the
 * same service function, so the CLI and the console (`/api/console/marketing/…`) cannot disagree. Amounts
 * are fen; dates are YYYY-MM-DD in Asia/Shanghai (a `--to`/`--*-to` date counts through its whole day),
 * an ISO instant, or Unix seconds. A nullable field is cleared with `none`. Each change writes the console's
 * audit entry as 命令行, with `--reason` or the action's own words.
 */

export const ordersUsage = `npm run orders -- <command>

  Every change takes [--reason 原因] for the console's audit log (recorded as 命令行).

  plans list
  plans set [--id N] --grade VIP|SVIP|EVIP --day 365 --price 49900 [--original 69900]
            [--active-price F --active-from D --active-to D] [--activity-price F --activity-from D --activity-to D]
            [--new-user-price F] [--cycle --cycle-price F [--cycle-period 30]] [--discount 限时8折]
            [--team 1:10:50000,2:20:90000] [--point-desc … --point-from D --point-to D --point-img URL]
            [--sort N] [--enabled | --disabled]
            (with --id only the flags given change; without it grade, day and price are required)
  plans enable --id N
  plans disable --id N
  coupons list
  coupons create --name 满100减50 --discount 5000 [--low 10000] --from 2026-11-01 --to 2026-12-31 [--grades VIP,SVIP]
  coupons grant --coupon N --phone 13800000000[,13900000000…]
  cards create --grade VIP --days 30 --count 100 --batch NAME [--value 6900] [--redeem-by D] [--out codes.csv]
  cards list --batch NAME
  packages list
  packages set [--id N] --type 9 --name 批量提取文案次数包 --frequency 100 --price 2900 [--sort N] [--enabled | --disabled]
`;

const parse = (args: string[], options: Options) => parseFlags(args, options, ordersUsage);

const DAY_S = 86_400;

/** An integer flag; anything else becomes NaN so the schema refuses it in its own words. */
function integer(value: string | boolean | undefined): number | undefined {
  if (value === undefined || typeof value === 'boolean') return undefined;
  return /^-?\d+(\.\d+)?$/.test(value.trim()) ? Number(value) : Number.NaN;
}

/** A nullable integer flag: `none` clears the field. */
function nullableInteger(value: string | boolean | undefined): number | null | undefined {
  return value === 'none' ? null : integer(value);
}

/**
 * An instant flag in Unix seconds: YYYY-MM-DD (Asia/Shanghai; `endOfDay` for the day after, so an end
 * date counts through its whole day), digits as seconds, or an ISO instant. `none` clears it.
 */
export function instantFlag(value: string | boolean | undefined, endOfDay = false): number | null | undefined {
  if (value === undefined || typeof value === 'boolean') return undefined;
  if (value === 'none') return null;
  if (/^\d{4}-\d{2}-\d{2}$/.test(value)) {
    const midnight = Date.parse(`${value}T00:00:00+08:00`) / 1000;
    if (Number.isNaN(midnight)) throw new CliError(`无效日期：${value}`);
    return endOfDay ? midnight + DAY_S : midnight;
  }
  if (/^\d+$/.test(value)) return Number(value);
  const parsed = Date.parse(value);
  if (Number.isNaN(parsed)) throw new CliError(`无效时间：${value}（请用 YYYY-MM-DD、ISO 时间或 Unix 秒）`);
  return Math.floor(parsed / 1000);
}

const list = (value: string | boolean | undefined) =>
  typeof value === 'string'
    ? value
        .split(',')
        .map((item) => item.trim())
        .filter(Boolean)
    : undefined;

/** `--enabled` / `--disabled`, or nothing. */
function enabledFlag(values: Values): boolean | undefined {
  if (values.enabled && values.disabled) throw new CliError('--enabled 与 --disabled 只能选一个');
  if (values.enabled) return true;
  if (values.disabled) return false;
  return undefined;
}

/** Drops the fields a command line did not give, so an update changes only those. */
function defined<T extends Record<string, unknown>>(body: T): Partial<T> {
  return Object.fromEntries(Object.entries(body).filter(([, value]) => value !== undefined)) as Partial<T>;
}

/** `--team 1:10:50000,2:20:90000` → team options (id:count:extra fen); `none` for no options. */
function teamOptions(value: string | boolean | undefined) {
  if (value === 'none') return [];
  return list(value)?.map((item) => {
    const [id, count, extra] = item.split(':').map((part) => integer(part));
    return { id, count, extra_fen: extra };
  });
}

function pointActivity(values: Values) {
  if (values['point-desc'] === 'none') return null;
  if (values['point-desc'] === undefined) return undefined;
  return {
    desc: values['point-desc'],
    start_time: instantFlag(values['point-from']),
    end_time: instantFlag(values['point-to'], true),
    img_url: values['point-img'] ?? '',
  };
}

const planOptions: Options = {
  ...flags(
    'id',
    'grade',
    'day',
    'price',
    'original',
    'active-price',
    'active-from',
    'active-to',
    'activity-price',
    'activity-from',
    'activity-to',
    'new-user-price',
    'cycle-price',
    'cycle-period',
    'discount',
    'team',
    'point-desc',
    'point-from',
    'point-to',
    'point-img',
    'sort',
    'reason',
  ),
  ...toggles('cycle', 'no-cycle', 'enabled', 'disabled'),
};

function planBody(values: Values) {
  const cycle = values.cycle ? true : values['no-cycle'] ? false : undefined;
  return defined({
    grade: typeof values.grade === 'string' ? values.grade.toUpperCase() : undefined,
    day: integer(values.day),
    price_fen: integer(values.price),
    original_price_fen: nullableInteger(values.original),
    active_price_fen: nullableInteger(values['active-price']),
    active_start_time: instantFlag(values['active-from']),
    active_end_time: instantFlag(values['active-to'], true),
    activity_price_fen: nullableInteger(values['activity-price']),
    activity_start_time: instantFlag(values['activity-from']),
    activity_end_time: instantFlag(values['activity-to'], true),
    new_user_price_fen: nullableInteger(values['new-user-price']),
    has_cycle: cycle,
    cycle_price_fen: nullableInteger(values['cycle-price']),
    cycle_period_days: nullableInteger(values['cycle-period']),
    discount: values.discount,
    team_options: teamOptions(values.team),
    point_activity: pointActivity(values),
    sort: integer(values.sort),
    enabled: enabledFlag(values),
  });
}

const packageOptions: Options = {
  ...flags('id', 'type', 'name', 'frequency', 'price', 'sort', 'reason'),
  ...toggles('enabled', 'disabled'),
};

function packageBody(values: Values) {
  return defined({
    frequency_type: integer(values.type),
    name: values.name,
    frequency: integer(values.frequency),
    price_fen: integer(values.price),
    sort: integer(values.sort),
    enabled: enabledFlag(values),
  });
}

/** The audit entry's actor and reason: the command line, with `--reason` or the action's own words. */
function cliWhy(values: Values, action: ConsoleAction) {
  const reason = typeof values.reason === 'string' ? values.reason : `命令行${consoleActionLabels[action]}`;
  return { actor: null, reason: checked(consoleReasonSchema, reason) };
}

const money = (fen: number | null) => (fen === null ? '-' : `${fen}分(¥${yuanText(fen)})`);
const date = (seconds: number | null) =>
  seconds === null ? '-' : new Date(seconds * 1000).toLocaleString('zh-CN', { timeZone: 'Asia/Shanghai' });

/** Runs one command against the database and prints its outcome; answers what it printed, as data. */
export async function runOrdersCommand(db: Database, argv: string[], print: Print): Promise<unknown> {
  const [area, action, ...args] = argv;
  const command = `${area ?? ''} ${action ?? ''}`.trim();
  return refusingAsCli(() => dispatch(db, command, args, print));
}

async function dispatch(db: Database, command: string, args: string[], print: Print): Promise<unknown> {
  switch (command) {
    case 'plans list': {
      parse(args, {});
      return printRows(await listPlans(db), print, '（没有套餐）', (plan) => {
        const kind = plan.has_cycle ? `连续包月 续费${money(plan.cycle_price_fen)}` : `${plan.day}天`;
        return (
          `#${plan.id} ${plan.enabled ? '上架' : '下架'} ${plan.grade} ${kind} 价格${money(plan.price_fen)} ` +
          `原价${money(plan.original_price_fen)} 新人${money(plan.new_user_price_fen)} ` +
          `限时${money(plan.active_price_fen)} 活动${money(plan.activity_price_fen)} ` +
          `排序${plan.sort} ${plan.discount}`
        );
      });
    }
    case 'plans set': {
      const values = parse(args, planOptions);
      const body = planBody(values);
      return createOrUpdate(
        values.id === undefined,
        {
          create: () => createPlanAudited(db, cliWhy(values, 'plan.create'), checked(adminPlanCreateBodySchema, body)),
          update: () =>
            updatePlanAudited(
              db,
              cliWhy(values, 'plan.update'),
              checked(adminPlanUpdateBodySchema, { ...body, id: integer(values.id) }),
            ),
        },
        print,
        (plan) => `套餐 #${plan.id}: ${plan.grade} ${plan.day}天 ${money(plan.price_fen)}`,
      );
    }
    case 'plans enable':
    case 'plans disable': {
      const values = parse(args, flags('id', 'reason'));
      const enabled = command === 'plans enable';
      const plan = await setPlanEnabledAudited(
        db,
        cliWhy(values, 'plan.enable'),
        checked(adminPlanEnableBodySchema, { id: integer(values.id), enabled }),
      );
      print(`套餐 #${plan.id} 已${enabled ? '上架' : '下架'}`);
      return plan;
    }
    case 'coupons list': {
      parse(args, {});
      return printRows(
        await listCouponKinds(db),
        print,
        '（没有优惠券）',
        (coupon) =>
          `#${coupon.id} ${coupon.name} 减${money(coupon.discount_fen)} 满${money(coupon.low_money_fen)} ` +
          `${coupon.grades.length > 0 ? coupon.grades.join(',') : '全部版本'} ${date(coupon.start_time)} – ${date(coupon.end_time)} ` +
          `已发${coupon.held} 已用${coupon.used}`,
      );
    }
    case 'coupons create': {
      const values = parse(args, flags('name', 'discount', 'low', 'from', 'to', 'grades', 'reason'));
      const coupon = await createCouponAudited(
        db,
        cliWhy(values, 'coupon.create'),
        checked(
          adminCouponCreateBodySchema,
          defined({
            name: values.name,
            discount_fen: integer(values.discount),
            low_money_fen: integer(values.low),
            grades: list(values.grades)?.map((grade) => grade.toUpperCase()),
            start_time: instantFlag(values.from),
            end_time: instantFlag(values.to, true),
          }),
        ),
      );
      print(`已创建优惠券 #${coupon.id}: ${coupon.name}（${date(coupon.start_time)} – ${date(coupon.end_time)}）`);
      return coupon;
    }
    case 'coupons grant': {
      const values = parse(args, flags('coupon', 'phone', 'reason'));
      const grant = await grantCouponAudited(
        db,
        cliWhy(values, 'coupon.grant'),
        checked(adminCouponGrantBodySchema, { coupon_id: integer(values.coupon), phones: list(values.phone) ?? [] }),
      );
      for (const { phone, user_coupon_id } of grant.granted) print(`已发放 ${phone}（用户券 #${user_coupon_id}）`);
      for (const phone of grant.unknown_phones) print(`未注册，未发放 ${phone}`);
      return grant;
    }
    case 'cards create': {
      const values = parse(args, flags('grade', 'days', 'count', 'batch', 'value', 'redeem-by', 'out', 'reason'));
      const batch = await createCardsAudited(
        db,
        cliWhy(values, 'card.batch'),
        checked(
          adminCardBatchBodySchema,
          defined({
            batch: values.batch,
            grade: typeof values.grade === 'string' ? values.grade.toUpperCase() : undefined,
            days: integer(values.days),
            count: integer(values.count),
            value_fen: integer(values.value),
            redeem_by: instantFlag(values['redeem-by'], true),
          }),
        ),
      );
      if (typeof values.out === 'string') {
        const rows = batch.codes.map(
          (code) =>
            `${code},${csvField(batch.batch)},${batch.grade},${batch.days},${batch.value_fen},${batch.redeem_by ?? ''}`,
        );
        await writeFile(values.out, `code,batch,grade,days,value_fen,redeem_by\n${rows.join('\n')}\n`);
        print(`已生成 ${batch.codes.length} 张卡密（批次 ${batch.batch}），写入 ${values.out}`);
      } else {
        for (const code of batch.codes) print(code);
        print(`已生成 ${batch.codes.length} 张卡密（批次 ${batch.batch}）`);
      }
      return batch;
    }
    case 'cards list': {
      const values = parse(args, flags('batch'));
      const cards = await listCards(db, checked(adminCardListQuerySchema, { batch: values.batch }).batch);
      for (const card of cards.list) {
        const state =
          card.redeemed_at === null
            ? '未兑换'
            : `已兑换 ${card.redeemed_phone ?? `#${card.redeemed_by}`} ${date(card.redeemed_at)}`;
        print(`${card.code} ${card.grade} ${card.days}天 ${state}`);
      }
      print(`批次 ${cards.batch}: 共 ${cards.total} 张，已兑换 ${cards.redeemed} 张`);
      return cards;
    }
    case 'packages list': {
      parse(args, {});
      return printRows(
        await listPackages(db),
        print,
        '（没有次数包）',
        (pack) =>
          `#${pack.id} ${pack.enabled ? '上架' : '下架'} 类型${pack.frequency_type}(${pack.alias}) ${pack.name} ` +
          `${pack.frequency}次 ${money(pack.price_fen)} 排序${pack.sort}`,
      );
    }
    case 'packages set': {
      const values = parse(args, packageOptions);
      const body = packageBody(values);
      return createOrUpdate(
        values.id === undefined,
        {
          create: () =>
            createPackAudited(db, cliWhy(values, 'pack.create'), checked(adminPackageCreateBodySchema, body)),
          update: () =>
            updatePackAudited(
              db,
              cliWhy(values, 'pack.update'),
              checked(adminPackageUpdateBodySchema, { ...body, id: integer(values.id) }),
            ),
        },
        print,
        (pack) => `次数包 #${pack.id}: ${pack.name} ${pack.frequency}次 ${money(pack.price_fen)}`,
      );
    }
    default:
      throw new CliError(`未知命令：${command || '（空）'}\n\n${ordersUsage}`);
  }
}

/** A `set` command: without --id it makes a row, with it updates that one; prints which it did and the row. */
async function createOrUpdate<Row>(
  isNew: boolean,
  change: { create: () => Promise<Row>; update: () => Promise<Row> },
  print: Print,
  line: (row: Row) => string,
): Promise<Row> {
  const row = isNew ? await change.create() : await change.update();
  print(`${isNew ? '已创建' : '已更新'}${line(row)}`);
  return row;
}

/** A CSV field quoted when it needs to be (a batch name may hold a comma). */
function csvField(value: string): string {
  return /[",\n]/.test(value) ? `"${value.replaceAll('"', '""')}"` : value;
}
