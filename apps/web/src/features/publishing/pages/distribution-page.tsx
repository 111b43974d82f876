import { type DistributionLeadBody, distributionMessages } from '@dso/contract';
import { useMutation } from '@tanstack/react-query';
import { Button, Form, Input, Result } from 'antd';
import { externalSites } from '../../../layout/menu-config';
import { phoneFromEvent, phoneRules } from '../../../lib/form-rules';
import { sendDistributionLead } from '../api/publishing';
import '../publishing.css';

/** What the agency service covers (the spec names the service only; docs/publishing.md). */
const services = [
  { title: '账号定位与搭建', text: '结合行业关键词与竞品数据，确定账号方向、人设与内容栏目，完成主页与简介优化。' },
  { title: '内容策划与制作', text: '选题来自搜索热词与蓝海词，脚本、拍摄、剪辑一站完成，每月稳定更新。' },
  { title: '搜索排名优化', text: '围绕目标关键词布局标题、话题与文案，监控作品排名变化并持续调整。' },
  { title: '数据复盘', text: '每周输出播放、互动、涨粉与关键词排名报告，用数据决定下一步内容。' },
];

/**
 * /distribution, 代运营 (000 §2.2, §2.5 the Agency tab): what the service does and a contact form that
 * stores a lead for the agency team (validated, limited per address and phone on the server).
 */
export default function DistributionPage() {
  const [form] = Form.useForm<DistributionLeadBody>();
  const send = useMutation({ mutationFn: (values: DistributionLeadBody) => sendDistributionLead(values) });
  return (
    <div className="page-column publishing-page" data-testid="distribution-page">
      <div className="distribution-hero">
        <h1>短视频代运营</h1>
        <p>
          由 DSO
          运营团队为企业和商家代运营抖音等短视频账号：用关键词数据找方向，用内容拿搜索流量，用排名监控看效果。留下联系方式，顾问会在一个工作日内联系您。
        </p>
        <p>
          <a href={externalSites.agency} target="_blank" rel="noopener noreferrer">
            了解更多案例 →
          </a>
        </p>
      </div>
      <div className="distribution-services">
        {services.map((service) => (
          <div key={service.title} className="surface-box distribution-service">
            <h3>{service.title}</h3>
            <p>{service.text}</p>
          </div>
        ))}
      </div>
      <div className="surface-box publishing-card distribution-form">
        <h2 className="surface-box__title">预约咨询</h2>
        {send.isSuccess ? (
          <Result status="success" title="提交成功" subTitle="我们的顾问会尽快与您联系，请保持电话畅通。" />
        ) : (
          <Form
            form={form}
            layout="vertical"
            onFinish={(values) => send.mutate({ ...values, company: values.company ?? '', need: values.need ?? '' })}
          >
            <Form.Item
              name="name"
              label="您的称呼"
              rules={[{ required: true, whitespace: true, message: distributionMessages.nameMissing }]}
            >
              <Input maxLength={20} placeholder="如：王先生" />
            </Form.Item>
            <Form.Item name="phone" label="手机号" getValueFromEvent={phoneFromEvent} rules={phoneRules}>
              <Input maxLength={11} inputMode="numeric" placeholder="请输入手机号" />
            </Form.Item>
            <Form.Item name="company" label="公司名称（选填）">
              <Input maxLength={50} placeholder="公司或品牌名称" />
            </Form.Item>
            <Form.Item name="need" label="需求描述（选填）">
              <Input.TextArea rows={3} maxLength={500} showCount placeholder="行业、账号现状、想达成的目标" />
            </Form.Item>
            <Button type="primary" htmlType="submit" loading={send.isPending}>
              提交
            </Button>
          </Form>
        )}
      </div>
    </div>
  );
}
