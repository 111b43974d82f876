import { CrownFilled, CustomerServiceOutlined, InfoCircleFilled } from '@ant-design/icons';
import { type Grade, gradeNames, normalizeGrade, purchaseBlockMessage, type TierGrade } from '@dso/domain';
import { Alert, Button, Modal, Tabs } from 'antd';
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { PAY_PATH } from '../../../components';
import { useDialogs } from '../../../stores/dialogs';
import { useSession } from '../../../stores/session';
import { monthlyPrice, planLengthLabel, tierWithPlans, usePlans } from '../plans';
import type { PayDialogOpenPayload } from '../quota';
import { comparisonRows, formatTierValue, payTierOf, payTiers, tierValue } from '../tier-values';

/** Said plainly while no plan data exists: paying online is a later capability (001 §2 pay box). */
export const PAYMENT_COMING_TEXT = '在线购买即将开放';

/**
 * The pay dialog shell (001 §2): the EVIP / SVIP / VIP tabs with the preselected tier, what the tier
 * gets, its plans when plan data exists (falling back to the next higher tier with plans), and the
 * way to /pay. Payment requires login, so a visitor is sent to the login dialog; a child account
 * holds its parent's rights and cannot buy.
 */
export function PayDialog() {
  const open = useDialogs((state) => state.open.pay);
  const payload = useDialogs((state) => state.payload.pay) as PayDialogOpenPayload | undefined;
  const closeDialog = useDialogs((state) => state.closeDialog);
  const openDialog = useDialogs((state) => state.openDialog);
  const token = useSession((state) => state.token);

  useEffect(() => {
    if (open && !token) {
      closeDialog('pay');
      openDialog('login');
    }
  }, [open, token, closeDialog, openDialog]);

  return (
    <Modal
      open={open && Boolean(token)}
      width={720}
      centered
      destroyOnHidden
      footer={null}
      onCancel={() => closeDialog('pay')}
      className="dso-upgrade-dialog dso-pay-dialog"
      title={
        <span className="dso-pay-dialog__title">
          <CrownFilled /> 开通会员
        </span>
      }
    >
      <PayBox initial={payTierOf(normalizeGrade(payload?.grade))} message={payload?.message} />
    </Modal>
  );
}

function PayBox({ initial, message }: { initial: Grade; message: string | undefined }) {
  const [tier, setTier] = useState<Grade>(initial);
  const userInfo = useSession((state) => state.userInfo);
  return (
    <div className="dso-pay-box" data-testid="pay-box">
      {message && <Alert type="warning" showIcon title={message} className="dso-pay-box__reason" />}
      <Tabs
        activeKey={tier}
        onChange={(key) => setTier(key as Grade)}
        items={payTiers.map((grade) => ({
          key: grade,
          label: (
            <span className={`dso-pay-tab dso-pay-tab--${grade.toLowerCase()}`}>
              <CrownFilled /> {gradeNames[grade]}
            </span>
          ),
        }))}
      />
      {userInfo?.sub_account ? (
        <Alert
          type="info"
          showIcon
          title="子账号不可购买或续费"
          description={`您正在共享主账号${userInfo.sub_account_parent_phone ? `（${userInfo.sub_account_parent_phone}）` : ''}的会员权益，如需单独购买，请先解除子账号绑定。`}
        />
      ) : (
        <TierPanel tier={tier} current={userInfo?.grade} />
      )}
    </div>
  );
}

function TierPanel({ tier, current }: { tier: Grade; current: string | undefined }) {
  const plans = usePlans((state) => state.plans);
  const roles = useSession((state) => state.roles);
  const closeDialog = useDialogs((state) => state.closeDialog);
  const openDialog = useDialogs((state) => state.openDialog);
  const navigate = useNavigate();
  const blocked = purchaseBlockMessage(current, tier);
  const shown = tierWithPlans(plans, tier);
  const benefits = comparisonRows
    .map((row) => ({
      label: row.label,
      value: formatTierValue(tierValue(roles, row.alias, tier as TierGrade), row.unit),
    }))
    .filter((benefit) => benefit.value !== '—');

  const goToPay = () => {
    closeDialog('pay');
    void navigate(`${PAY_PATH}?grade=${shown ?? tier}`);
  };

  return (
    <div className="dso-pay-panel">
      {benefits.length > 0 && (
        <ul className="dso-pay-benefits" aria-label={`${gradeNames[tier]}权益`}>
          {benefits.map((benefit) => (
            <li key={benefit.label}>
              <span>{benefit.label}</span>
              <strong>{benefit.value}</strong>
            </li>
          ))}
        </ul>
      )}
      {blocked ? (
        <Alert type="warning" showIcon title={blocked} />
      ) : shown ? (
        <>
          {shown !== tier && (
            <p className="dso-pay-panel__note">
              {gradeNames[tier]}暂无可购买套餐，已为您展示{gradeNames[shown]}套餐
            </p>
          )}
          <div className="dso-plan-list">
            {(plans?.[shown] ?? []).map((plan) => (
              <div className="dso-plan-card" key={`${plan.day}-${plan.has_cycle ? 'cycle' : 'once'}-${plan.price}`}>
                <div className="dso-plan-card__length">{planLengthLabel(plan)}</div>
                <div className="dso-plan-card__price">
                  <span>¥</span>
                  {plan.price}
                </div>
                {plan.original_price && plan.original_price > plan.price && (
                  <div className="dso-plan-card__original">¥{plan.original_price}</div>
                )}
                <div className="dso-plan-card__monthly">约 ¥{monthlyPrice(plan)}/月</div>
              </div>
            ))}
          </div>
          <div className="dso-upgrade-footer">
            <Button className="dso-upgrade-cta" size="large" icon={<CrownFilled />} onClick={goToPay}>
              前往开通{gradeNames[shown]}
            </Button>
          </div>
        </>
      ) : (
        <div className="dso-pay-coming" data-testid="pay-coming">
          <InfoCircleFilled className="dso-pay-coming__icon" aria-hidden />
          <div className="dso-pay-coming__text">
            <strong>{PAYMENT_COMING_TEXT}</strong>
            <p>{gradeNames[tier]}的套餐与价格暂未上线，在线支付将在后续版本开放。如需立即开通，请联系客服。</p>
          </div>
          <div className="dso-upgrade-footer">
            <Button
              icon={<CustomerServiceOutlined />}
              onClick={() => {
                closeDialog('pay');
                openDialog('contact');
              }}
            >
              联系客服
            </Button>
            <Button className="dso-upgrade-cta" icon={<CrownFilled />} onClick={goToPay}>
              查看会员页
            </Button>
          </div>
        </div>
      )}
    </div>
  );
}
