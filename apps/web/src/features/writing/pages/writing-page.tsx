import { WritingPath, type WritingTemplate, type WritingWork, writingLimits } from '@dso/contract';
import { Button, Input, Skeleton } from 'antd';
import { useMemo, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { NoData, openLoginDialog, PageHero } from '../../../components';
import { AiOutputPanel } from '../../../components/ai-text/ai-output-panel';
import { useWorkSaving } from '../../../lib/api/saved-works';
import { useAiStream } from '../../../lib/api/use-ai-stream';
import { toast } from '../../../lib/feedback';
import { recordIdOf } from '../../../lib/record-id';
import { useSession } from '../../../stores/session';
import { handleQuotaFailure } from '../../permissions';
import { useWritingTemplates, writingWorks } from '../api/writing';
import { readChosenTemplate, WritingRoute } from '../writing';
import '../writing.css';

/** The template a saved work was written with, from the template list (null when it is gone). */
function useTemplateOf(work: WritingWork | undefined): WritingTemplate | null {
  const templates = useWritingTemplates();
  return useMemo(() => {
    if (!work || work.template_id === null) return null;
    const all = Object.values(templates.data ?? {}).flat();
    return all.find((template) => template.id === work.template_id) ?? null;
  }, [templates.data, work]);
}

/**
 * /writing: the chosen template's variables as a form; the text streams into the page, can be
 * stopped, regenerated, edited, copied and saved. `?work=<id>` reopens a saved work.
 */
export default function WritingPage() {
  const [params] = useSearchParams();
  const workId = recordIdOf(params.get('work'));
  const saved = writingWorks.useWork(workId);
  const savedTemplate = useTemplateOf(saved.data);
  const chosen = useMemo(() => (workId === null ? readChosenTemplate() : null), [workId]);
  const template = workId === null ? chosen : savedTemplate;

  if (workId !== null && (saved.isPending || saved.isError)) {
    return (
      <div className="tool-page" data-testid="writing-page">
        {saved.isError ? <NoData text="作品不存在或已删除" /> : <Skeleton active paragraph={{ rows: 8 }} />}
      </div>
    );
  }
  if (!template && !saved.data) {
    return (
      <div className="tool-page" data-testid="writing-page">
        <NoData text="请先选择写作模板" />
        <div className="wr-actions" style={{ justifyContent: 'center' }}>
          <Link to={WritingRoute.templates}>
            <Button type="primary">去选择模板</Button>
          </Link>
        </div>
      </div>
    );
  }
  return <WritingWorkspace key={saved.data?.id ?? template?.id} template={template} work={saved.data ?? null} />;
}

function WritingWorkspace({ template, work }: { template: WritingTemplate | null; work: WritingWork | null }) {
  const token = useSession((state) => state.token);
  const [fields, setFields] = useState<Record<string, string>>(work?.inputs ?? {});
  const stream = useAiStream({
    text: work?.content ?? '',
    start: work ? { sandbox: work.sandbox } : null,
    status: work ? 'done' : 'idle',
  });
  const { text: content, status } = stream;
  const sandbox = stream.start?.sandbox ?? false;
  const [attempt, setAttempt] = useState(0);
  const saving = useWorkSaving('writing', work, writingLimits.titleMax);

  const templateTitle = template?.title ?? work?.template_title ?? '';
  const subject = template?.variables.map((variable) => fields[variable.key]?.trim()).find(Boolean) ?? '';
  const defaultTitle = subject ? `${templateTitle}：${subject}` : templateTitle;

  const generate = async (nextAttempt: number) => {
    if (!template) return;
    if (!token) return openLoginDialog();
    for (const variable of template.variables) {
      if (variable.required && !fields[variable.key]?.trim()) return toast(`请填写${variable.label}`, 'warning');
    }
    setAttempt(nextAttempt);
    // 810 opens the upgrade ladder or the buy-times dialog; other failures were shown by the client.
    await stream.run(
      WritingPath.generate,
      { template_id: template.id, fields, attempt: nextAttempt },
      handleQuotaFailure,
    );
  };
  const stop = stream.stop;

  const save = async (plain: string) => {
    if (!token) return openLoginDialog();
    const id = template?.id ?? work?.template_id;
    if (!id) return;
    await saving.save(defaultTitle, (entry) =>
      writingWorks.save({
        ...entry,
        template_id: id,
        inputs: fields,
        content: plain,
        sandbox,
      }),
    );
  };

  const streaming = status === 'streaming';
  const hasText = content.length > 0;

  return (
    <div className="tool-page" data-testid="writing-page" data-status={status}>
      <PageHero look="tool" className="wr-hero" title={templateTitle} subtitle={template?.description}>
        <div className="wr-actions">
          <Link to={WritingRoute.templates}>
            <Button>更换模板</Button>
          </Link>
          <Link to={WritingRoute.history}>
            <Button>创作历史</Button>
          </Link>
        </div>
      </PageHero>
      <div className="tool-workspace">
        <section className="tool-panel" aria-label="填写内容">
          <h2 className="wr-panel__title">填写内容</h2>
          {template ? (
            <>
              <p className="wr-panel__hint">
                语气：{template.tone} · 受众：{template.audience}
              </p>
              <form
                className="wr-form"
                onSubmit={(event) => {
                  event.preventDefault();
                  void generate(hasText ? attempt + 1 : 0);
                }}
              >
                {template.variables.map((variable) => {
                  const id = `wr-field-${variable.key}`;
                  const common = {
                    id,
                    value: fields[variable.key] ?? '',
                    placeholder: variable.placeholder,
                    maxLength: variable.max_length,
                    disabled: streaming,
                    onChange: (event: { target: { value: string } }) =>
                      setFields((current) => ({ ...current, [variable.key]: event.target.value })),
                  };
                  return (
                    <div key={variable.key} className="wr-field" style={{ marginBottom: 14 }}>
                      <label htmlFor={id} style={{ display: 'block', marginBottom: 6 }}>
                        {variable.required && <span style={{ color: '#ff4d4f' }}>* </span>}
                        {variable.label}
                      </label>
                      {variable.kind === 'textarea' ? (
                        <Input.TextArea {...common} autoSize={{ minRows: 3, maxRows: 6 }} showCount />
                      ) : (
                        <Input {...common} />
                      )}
                    </div>
                  );
                })}
                <div className="wr-actions">
                  {streaming ? (
                    <Button key="stop" danger onClick={stop}>
                      停止生成
                    </Button>
                  ) : hasText ? (
                    <Button key="again" type="primary" htmlType="submit">
                      重新生成
                    </Button>
                  ) : (
                    <Button key="start" type="primary" htmlType="submit">
                      开始生成
                    </Button>
                  )}
                </div>
              </form>
            </>
          ) : (
            <p className="wr-panel__hint">该作品的写作模板已下线，仍可编辑并保存正文。</p>
          )}
        </section>
        <AiOutputPanel
          className="tool-panel"
          stream={stream}
          maxLength={writingLimits.contentMax}
          testId="writing-output"
          emptyText="填写左侧内容后点击开始生成"
          save={{
            label: '作品标题',
            placeholder: defaultTitle || '作品标题',
            work: saving,
            onSave: (plain) => void save(plain),
          }}
        />
      </div>
    </div>
  );
}
