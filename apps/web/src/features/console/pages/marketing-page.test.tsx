import {
  type AdminCardList,
  type AdminCoupon,
  type AdminPackage,
  type AdminPlan,
  type ConsoleCardBatch,
  ConsoleMarketingPath as P,
} from '@dso/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { answerRequests } from '../../../components/testing/answer-requests';
import { renderAtRoute } from '../../../components/testing/render-route';
import { requestFile } from '../../../lib/api/client';
import { expectReasonRequired, refuse, staffMe, submitReason } from '../testing';
import MarketingPage from './marketing-page';

vi.mock('../../../lib/api/client', () => ({ request: vi.fn(), requestFile: vi.fn() }));
const saveFile = vi.fn();
vi.mock('../../../lib/save-file', () => ({ saveFile: (...args: unknown[]) => saveFile(...args) }));

/** Four antd tables in tabs mount slowly in jsdom on a shared machine. */
const PAGE_TEST_TIMEOUT = 120_000;
const finance = staffMe('财务', ['orders.read', 'orders.act']);
/** 2026-11-01 00:00 and 2026-11-12 00:00 in Asia/Shanghai. */
const [NOV_1, NOV_12] = [1_793_462_400, 1_794_412_800];

const plan: AdminPlan = {
  id: 11,
  grade: 'SVIP',
  day: 365,
  price_fen: 289_900,
  original_price_fen: 399_900,
  active_price_fen: null,
  active_start_time: null,
  active_end_time: null,
  activity_price_fen: 199_900,
  activity_start_time: NOV_1,
  activity_end_time: NOV_12,
  new_user_price_fen: null,
  has_cycle: false,
  cycle_price_fen: null,
  cycle_period_days: null,
  discount: '限时7折',
  team_options: [],
  point_activity: null,
  sort: 0,
  enabled: false,
  create_time: NOV_1,
  update_time: NOV_1,
};
const coupon: AdminCoupon = {
  id: 3,
  name: '双十一满300减50',
  discount_fen: 5_000,
  low_money_fen: 30_000,
  grades: ['VIP'],
  start_time: NOV_1,
  end_time: NOV_12,
  held: 12,
  used: 4,
};
const batch: ConsoleCardBatch = {
  batch: '渠道卡A',
  grade: 'EVIP',
  days: 90,
  value_fen: 0,
  redeem_by: null,
  count: 3,
  redeemed: 1,
  create_time: NOV_1,
  staff_name: '财务小李',
};
const cards: AdminCardList = {
  batch: '渠道卡A',
  total: 3,
  redeemed: 1,
  list: ['A2B3C4D5E6', 'F7G8H9J2K3', 'L4M5N6P7Q8'].map((code, index) => ({
    code,
    batch: '渠道卡A',
    grade: 'EVIP',
    days: 90,
    value_fen: 0,
    redeem_by: null,
    redeemed_by: index === 1 ? 42 : null,
    redeemed_phone: index === 1 ? '13812345678' : null,
    redeemed_at: index === 1 ? NOV_12 : null,
    create_time: NOV_1,
  })),
};
const pack: AdminPackage = {
  id: 5,
  frequency_type: 9,
  alias: 'AI_WRITING_BATCH_EXTRACTION',
  name: '批量提取文案次数包',
  frequency: 100,
  price_fen: 2_900,
  sort: 0,
  enabled: true,
  create_time: NOV_1,
};

function answerPage(more: Parameters<typeof answerRequests>[0] = {}) {
  return answerRequests({
    [P.plans]: () => [plan],
    [P.coupons]: () => [coupon],
    [P.cardBatches]: () => [batch],
    [P.cards]: () => cards,
    [P.packs]: () => [pack],
    ...more,
  });
}

const renderPage = () =>
  renderAtRoute(<MarketingPage me={finance} />, { path: '/admin/marketing', url: '/admin/marketing' });

describe('the 套餐与卡券 page', () => {
  it(
    'shows plans with the activity price and its dates, coupons with their terms, card batches with their cards, and packs',
    async () => {
      answerPage();
      renderPage();
      const planRow = (await screen.findByText('企业版（SVIP）')).closest('tr')!;
      expect(within(planRow).getByText('¥2899.00')).toBeTruthy();
      expect(within(planRow).getByText('¥1999.00')).toBeTruthy();
      expect(within(planRow).getByText('2026-11-01 00:00 至 2026-11-12 00:00')).toBeTruthy();
      expect(within(planRow).getByText('已下架')).toBeTruthy();

      fireEvent.click(screen.getByRole('tab', { name: '优惠券' }));
      const couponRow = (await screen.findByText('双十一满300减50')).closest('tr')!;
      for (const text of ['减¥50.00', '满¥300.00', '个人版（VIP）', '12', '4']) {
        expect(within(couponRow).getByText(text)).toBeTruthy();
      }

      fireEvent.click(screen.getByRole('tab', { name: '会员卡' }));
      const batchRow = (await screen.findByText('渠道卡A')).closest('tr')!;
      expect(within(batchRow).getByText('财务小李')).toBeTruthy();
      expect(within(batchRow).getByText('旗舰版（EVIP）')).toBeTruthy();
      fireEvent.click(within(batchRow).getByRole('button', { name: /展开行|Expand row/ }));
      const redeemed = (await screen.findByText('F7G8H9J2K3')).closest('tr')!;
      expect(within(redeemed).getByText('已兑换')).toBeTruthy();
      expect(within(redeemed).getByText('13812345678')).toBeTruthy();

      fireEvent.click(screen.getByRole('tab', { name: '次数包' }));
      const packRow = (await screen.findByText('批量提取文案次数包')).closest('tr')!;
      expect(within(packRow).getByText('¥29.00')).toBeTruthy();
    },
    PAGE_TEST_TIMEOUT,
  );

  it(
    'makes a card batch with the same request id on a retry and a fresh one for a new dialog',
    async () => {
      let answers = 0;
      const calls = answerPage({
        [P.cardBatchCreate]: () => {
          answers += 1;
          if (answers === 1) throw new Error('network down');
          return { ...batch, audit_id: 7 };
        },
      });
      const sent = () => calls.filter((call) => call.path === P.cardBatchCreate).map((call) => call.body);
      renderPage();
      fireEvent.click(await screen.findByRole('tab', { name: '会员卡' }));
      const open = async () => {
        fireEvent.click(await screen.findByRole('button', { name: '生成会员卡' }));
        const dialog = await screen.findByRole('dialog');
        fireEvent.change(within(dialog).getByLabelText('批次名称'), { target: { value: ' 渠道卡B ' } });
        fireEvent.change(within(dialog).getByLabelText('数量'), { target: { value: '3' } });
        fireEvent.change(within(dialog).getByLabelText(/^面值/), { target: { value: '69.9' } });
        fireEvent.change(within(dialog).getByLabelText('操作原因'), { target: { value: '渠道合作' } });
        return dialog;
      };
      const press = (dialog: HTMLElement) => fireEvent.click(within(dialog).getByRole('button', { name: /生\s*成/ }));

      const dialog = await open();
      press(dialog);
      await waitFor(() => expect(sent()).toHaveLength(1));
      await waitFor(() =>
        expect(within(dialog).getByRole('button', { name: /生\s*成/ }).classList).not.toContain('ant-btn-loading'),
      );
      press(dialog);
      await waitFor(() => expect(sent()).toHaveLength(2));
      await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
      press(await open());
      await waitFor(() => expect(sent()).toHaveLength(3));

      const [first, retried, fresh] = sent();
      expect(first).toEqual({
        request_id: expect.stringMatching(/^[0-9a-f-]{36}$/),
        batch: '渠道卡B',
        grade: 'VIP',
        days: 30,
        count: 3,
        value_fen: 6_990,
        redeem_by: null,
        reason: '渠道合作',
      });
      expect(retried).toEqual(first);
      expect(fresh?.request_id).not.toBe(first?.request_id);
    },
    PAGE_TEST_TIMEOUT,
  );

  it(
    'downloads a batch as CSV under the name the server gives',
    async () => {
      answerPage();
      const file = new Blob(['\uFEFF序号,卡密'], { type: 'text/csv' });
      vi.mocked(requestFile).mockResolvedValue({ blob: file, filename: '会员卡-渠道卡A.csv' });
      renderPage();
      fireEvent.click(await screen.findByRole('tab', { name: '会员卡' }));
      const batchRow = (await screen.findByText('渠道卡A')).closest('tr')!;
      fireEvent.click(within(batchRow).getByRole('button', { name: '导出CSV' }));
      await waitFor(() => expect(saveFile).toHaveBeenCalledWith(file, '会员卡-渠道卡A.csv'));
      expect(vi.mocked(requestFile).mock.calls[0]).toEqual([
        P.cardExport,
        expect.objectContaining({ query: { batch: '渠道卡A' } }),
      ]);
    },
    PAGE_TEST_TIMEOUT,
  );

  it(
    'saves a plan’s prices in fen, and puts it on sale only with a reason, keeping the dialog on a refusal',
    async () => {
      const calls = answerPage({
        [P.planUpdate]: () => plan,
        [P.planEnable]: refuse(403, '无权限访问'),
      });
      renderPage();
      const planRow = (await screen.findByText('企业版（SVIP）')).closest('tr')!;
      fireEvent.click(within(planRow).getByRole('button', { name: /编\s*辑/ }));
      const dialog = await screen.findByRole('dialog');
      fireEvent.change(within(dialog).getByLabelText('价格'), { target: { value: '2599.5' } });
      submitReason(dialog, '年底调价', /保\s*存/);
      await waitFor(() =>
        expect(calls.find((call) => call.path === P.planUpdate)?.body).toMatchObject({
          id: 11,
          grade: 'SVIP',
          price_fen: 259_950,
          original_price_fen: 399_900,
          activity_price_fen: 199_900,
          activity_start_time: NOV_1,
          activity_end_time: NOV_12,
          active_price_fen: null,
          reason: '年底调价',
        }),
      );
      await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

      fireEvent.click(within(planRow).getByRole('switch', { name: '上架套餐11' }));
      const toggle = await screen.findByRole('dialog');
      await expectReasonRequired(toggle, /确\s*认/, calls, P.planEnable);
      submitReason(toggle, '活动开始', /确\s*认/);
      await waitFor(() =>
        expect(calls.find((call) => call.path === P.planEnable)?.body).toEqual({
          id: 11,
          enabled: true,
          reason: '活动开始',
        }),
      );
      // Refused: the dialog stays open with what was typed.
      await waitFor(() =>
        expect(within(toggle).getByRole('button', { name: /确\s*认/ }).classList).not.toContain('ant-btn-loading'),
      );
      expect(screen.getByRole('dialog')).toBe(toggle);
      expect((within(toggle).getByLabelText('操作原因') as HTMLTextAreaElement).value).toBe('活动开始');
    },
    PAGE_TEST_TIMEOUT,
  );
});
