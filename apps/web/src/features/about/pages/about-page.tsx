import { Card, Col, Row, Typography } from 'antd';

const offerings = [
  {
    title: '全平台关键词库',
    text: '覆盖抖音、小红书、微信搜一搜、B站、快手与 TikTok 的搜索词、相关词、行业词与下拉词。',
  },
  { title: '热词榜单与蓝海词', text: '每日更新行业热词、电商热卖词与话题飙升榜，帮您找到竞争小、需求大的蓝海词。' },
  { title: '创作者与素材库', text: '按领域与粉丝量查找达人与对标账号，发现低粉爆款选题。' },
  { title: 'AI 创作工具', text: '视频文案提取、AI 文案、AI 图文与 AI 选词，让内容生产更高效。' },
];

export default function AboutPage() {
  return (
    <div className="page-narrow">
      <Typography.Title level={2}>关于 DSO</Typography.Title>
      <Typography.Paragraph type="secondary" style={{ fontSize: 16, maxWidth: 760 }}>
        DSO
        是面向营销人员、运营与企业的短视频关键词搜索与内容营销平台。我们把各内容平台的搜索数据整理成可查、可比、可用的关键词库，
        帮助您判断用户在搜什么、哪些词值得做、该做什么内容。
      </Typography.Paragraph>
      <Row gutter={[16, 16]} style={{ marginTop: 24 }}>
        {offerings.map((item) => (
          <Col xs={24} md={12} key={item.title}>
            <Card title={item.title}>{item.text}</Card>
          </Col>
        ))}
      </Row>
      <Typography.Title level={4} style={{ marginTop: 40 }}>
        联系我们
      </Typography.Title>
      <Typography.Paragraph type="secondary">
        商务合作与代运营咨询请通过页面右上角的“联系客服”与我们联系。
      </Typography.Paragraph>
    </div>
  );
}
