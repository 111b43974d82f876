import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { ConfigError, envSchema, loadConfig } from './config';

/** What loading the variables refuses, one line each; none when they load. */
const problemsOf = (source: Record<string, string>): string[] => {
  try {
    loadConfig(source);
    return [];
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    return error.problems;
  }
};
/** The variable each problem line names. */
const namesOf = (problems: string[]) => problems.map((problem) => problem.split(':')[0]);

describe('configuration', () => {
  it('runs on the embedded defaults with no variables set', () => {
    const config = loadConfig({});
    expect(config.port).toBe(8080);
    expect(config.databaseUrl).toBeUndefined();
    expect(config.redisUrl).toBeUndefined();
    expect(config.dataDir.endsWith('data')).toBe(true);
    expect(config.demo).toBe(true);
  });

  it('lists every variable in .env.example, each with the default the schema gives it', () => {
    const example = new Map(
      readFileSync(fileURLToPath(new URL('../../../.env.example', import.meta.url)), 'utf8')
        .split('\n')
        .flatMap((line) => {
          const match = /^([A-Z0-9_]+)=(.*)$/.exec(line);
          return match ? [[match[1]!, match[2]!] as const] : [];
        }),
    );
    expect([...example.keys()].sort()).toEqual(Object.keys(envSchema.shape).sort());
    // An empty entry stands for unset; a spelled-out value must be what the schema defaults to.
    const disagreeing = Object.entries(envSchema.shape)
      .filter(([name, schema]) => {
        const value = example.get(name) || undefined;
        return JSON.stringify(schema.parse(value)) !== JSON.stringify(schema.parse(undefined));
      })
      .map(([name]) => name);
    expect(disagreeing).toEqual([]);
  });

  it('switches to PostgreSQL when DATABASE_URL is set', () => {
    expect(loadConfig({ DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/dso' }).databaseUrl).toBe(
      'postgres://postgres@127.0.0.1:5432/dso',
    );
  });

  it('treats an empty DATABASE_URL as unset', () => {
    expect(loadConfig({ DATABASE_URL: '' }).databaseUrl).toBeUndefined();
  });

  it('lists every bad variable at once', () => {
    const problems = namesOf(
      problemsOf({ PORT: 'eighty', DATABASE_URL: 'not a url', DEMO: 'maybe', SMS_PROVIDER: 'carrier-pigeon' }),
    );
    expect(problems.sort()).toEqual(['DATABASE_URL', 'DEMO', 'PORT', 'SMS_PROVIDER']);
  });
});

describe('client addresses', () => {
  it('trusts no proxy by default, so X-Forwarded-For cannot pick the address rate limits see', () => {
    expect(loadConfig({}).trustProxy).toEqual([]);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.1, 10.0.1.0/24' }).trustProxy).toEqual(['10.0.0.1', '10.0.1.0/24']);
  });
});

describe('site details', () => {
  it('refuses a production start without the ICP registration and the operator name', () => {
    const names = namesOf(problemsOf({ NODE_ENV: 'production' }));
    expect(names).toEqual(expect.arrayContaining(['SITE_ICP', 'SITE_COMPANY_NAME']));
  });

  it('does not ask for them outside production', () => {
    expect(loadConfig({}).site.icp).toBe('');
  });
});

describe('production start', () => {
  const providerNames = Object.keys(envSchema.shape).filter((name) => name.endsWith('_PROVIDER'));

  /** Every provider on its first real vendor, with placeholder credentials wherever one is asked for. */
  function realVendors(): Record<string, string> {
    const source: Record<string, string> = { NODE_ENV: 'production', DCC_SHARED_SECRET: 'a-secret-of-our-own-1234' };
    for (const name of providerNames) {
      const field = envSchema.shape[name as keyof typeof envSchema.shape] as unknown as {
        unwrap(): { options: string[] };
      };
      source[name] = field.unwrap().options.find((option) => option !== 'sandbox') ?? 'sandbox';
    }
    for (const problem of problemsOf(source)) {
      const [name] = problem.split(':');
      if (problem.includes('所选服务商需要此项配置') && name)
        source[name] = name === 'PUBLIC_URL' ? 'https://www.dso-data.cn' : name.includes('APP_ID') ? '2000000001' : 'x';
    }
    return source;
  }

  it('lists every sandbox provider and the default secret, one line each', () => {
    const problems = problemsOf({ NODE_ENV: 'production' });
    expect(providerNames.length).toBeGreaterThanOrEqual(5);
    expect(namesOf(problems)).toEqual(expect.arrayContaining([...providerNames, 'DCC_SHARED_SECRET']));
    expect(problems.every((problem) => !problem.includes('\n'))).toBe(true);
  });

  it("refuses the .env.example file's values as they stand", () => {
    const example = readFileSync(fileURLToPath(new URL('../../../.env.example', import.meta.url)), 'utf8');
    const source: Record<string, string> = {};
    for (const line of example.split('\n')) {
      const match = /^([A-Z0-9_]+)=(.*)$/.exec(line);
      // Empty entries mean "unset" in the example; only the values it spells out are at issue here.
      if (match?.[1] && match[2]) source[match[1]] = match[2];
    }
    const names = namesOf(problemsOf({ ...source, NODE_ENV: 'production' }));
    expect(names).toEqual(expect.arrayContaining(['SMS_PROVIDER', 'WECHAT_PROVIDER', 'DCC_SHARED_SECRET']));
  });

  it('refuses the default token-sealing key and reads the previous keys as a list', () => {
    expect(namesOf(problemsOf(realVendors()))).toContain('TOKEN_ENCRYPTION_KEY');
    const names = namesOf(problemsOf({ ...realVendors(), TOKEN_ENCRYPTION_KEY: 'a-key-of-our-own-0123456789' }));
    expect(names).not.toContain('TOKEN_ENCRYPTION_KEY');
    expect(problemsOf({ TOKEN_ENCRYPTION_KEY: 'short' })).toEqual(['TOKEN_ENCRYPTION_KEY: 至少 16 个字符']);
    const config = loadConfig({
      TOKEN_ENCRYPTION_KEY: 'a-key-of-our-own-0123456789',
      TOKEN_ENCRYPTION_PREVIOUS_KEYS: ' one-older-key , ,two',
    });
    expect(config.tokenEncryption).toEqual({
      currentSecret: 'a-key-of-our-own-0123456789',
      previousSecrets: ['one-older-key', 'two'],
    });
  });

  it('refuses an example-looking secret', () => {
    const names = namesOf(problemsOf({ ...realVendors(), DCC_SHARED_SECRET: 'change-me-example-secret' }));
    expect(names).toContain('DCC_SHARED_SECRET');
  });

  it('has nothing to say about vendors and secrets once every provider is real and the secret is our own', () => {
    const names = namesOf(problemsOf(realVendors()));
    expect(names.filter((name) => name?.endsWith('_PROVIDER') || name === 'DCC_SHARED_SECRET')).toEqual([]);
  });

  /** The variables choosing an OpenAI-compatible service of `prefix` (LLM, SPEECH, IMAGE), with its key and model. */
  const openAiCompatible = (prefix: string, model: string, provider = 'openai') => ({
    [`${prefix}_PROVIDER`]: provider,
    [`${prefix}_API_KEY`]: 'sk-1',
    [`${prefix}_MODEL`]: model,
  });

  it.each([
    { prefix: 'LLM', providers: ['openai'], chosen: 'llmProvider' },
    { prefix: 'SPEECH', providers: ['openai', 'openai-chat'], chosen: 'speechProvider' },
    { prefix: 'IMAGE', providers: ['openai'], chosen: 'imageProvider' },
  ] as const)(
    'refuses the sandbox $prefix service in production and an OpenAI-compatible one without its key and model, and takes the sandbox by default',
    ({ prefix, providers, chosen }) => {
      const variable = `${prefix}_PROVIDER`;
      expect(namesOf(problemsOf({ ...realVendors(), [variable]: 'sandbox' }))).toContain(variable);
      for (const provider of providers) {
        expect(namesOf(problemsOf({ [variable]: provider }))).toEqual([`${prefix}_API_KEY`, `${prefix}_MODEL`]);
      }
      expect(loadConfig({})[chosen]).toBe('sandbox');
    },
  );

  it.each([
    {
      prefix: 'LLM',
      model: 'deepseek-chat',
      more: { LLM_STREAM_OPTIONS: 'true' },
      part: 'llm',
      settings: { baseUrl: 'https://api.deepseek.com/v1', streamOptions: true, timeoutMs: 30_000 },
    },
    {
      prefix: 'SPEECH',
      model: 'whisper-1',
      more: {},
      part: 'speech',
      settings: {
        baseUrl: 'https://api.openai.com/v1',
        timeoutMs: 300_000,
        concurrency: 4,
        audioData: 'base64',
        stream: true,
        audioFormat: 'mp3',
      },
    },
    {
      prefix: 'IMAGE',
      model: 'gpt-image-1',
      more: { IMAGE_SIZE: '1024x1536' },
      part: 'image',
      settings: {
        baseUrl: 'https://api.openai.com/v1',
        size: '1024x1536',
        responseFormat: '',
        timeoutMs: 120_000,
        concurrency: 2,
      },
    },
  ] as const)(
    'reads the settings of an OpenAI-compatible $prefix service',
    ({ prefix, model, more, part, settings }) => {
      const config = loadConfig({ ...openAiCompatible(prefix, model), ...more });
      expect(config[part]).toEqual({ apiKey: 'sk-1', model, ...settings });
    },
  );

  it('reads the settings of a chat-audio speech service', () => {
    const chat = loadConfig({
      ...openAiCompatible('SPEECH', 'qwen-omni-turbo', 'openai-chat'),
      SPEECH_CHAT_AUDIO_DATA: 'data-url',
      SPEECH_CHAT_STREAM: 'false',
      SPEECH_AUDIO_FORMAT: 'wav',
    });
    expect(chat.speech).toMatchObject({ audioData: 'data-url', stream: false, audioFormat: 'wav' });
  });

  /** The Douyin Open Platform application publishing and the hot lists share, and how the config reads it. */
  const douyinApp = { DOUYIN_CLIENT_KEY: 'awkey', DOUYIN_CLIENT_SECRET: 'secret' };
  const douyinOpen = { clientKey: 'awkey', clientSecret: 'secret', baseUrl: 'https://open.douyin.com' };
  /** What publishing through Douyin asks for: the application, and PUBLIC_URL for Douyin's callback. */
  const publishingNeeds = ['DOUYIN_CLIENT_KEY', 'DOUYIN_CLIENT_SECRET', 'PUBLIC_URL'];

  it('refuses the sandbox publishing in production and Douyin without its client key, secret and PUBLIC_URL', () => {
    expect(namesOf(problemsOf({ ...realVendors(), PUBLISHING_PROVIDER: 'sandbox' }))).toContain('PUBLISHING_PROVIDER');
    expect(namesOf(problemsOf({ PUBLISHING_PROVIDER: 'douyin' }))).toEqual(publishingNeeds);
    const config = loadConfig({ PUBLISHING_PROVIDER: 'douyin', ...douyinApp, PUBLIC_URL: 'https://www.dso-data.cn' });
    expect(config.douyinOpen).toEqual(douyinOpen);
    expect(loadConfig({}).publishingProvider).toBe('sandbox');
  });

  it('refuses the sandbox hot lists in production and the Douyin ones without the client key and secret, asked once', () => {
    expect(namesOf(problemsOf({ ...realVendors(), HOT_LIST_PROVIDER: 'sandbox' }))).toContain('HOT_LIST_PROVIDER');
    expect(namesOf(problemsOf({ HOT_LIST_PROVIDER: 'douyin' }))).toEqual(['DOUYIN_CLIENT_KEY', 'DOUYIN_CLIENT_SECRET']);
    // Publishing needs the same application: each missing variable is named once.
    expect(namesOf(problemsOf({ HOT_LIST_PROVIDER: 'douyin', PUBLISHING_PROVIDER: 'douyin' }))).toEqual(
      publishingNeeds,
    );
    const config = loadConfig({ HOT_LIST_PROVIDER: 'douyin', ...douyinApp });
    expect(config.hotListProvider).toBe('douyin');
    expect(config.douyinOpen).toEqual(douyinOpen);
    expect(loadConfig({}).hotListProvider).toBe('sandbox');
  });

  it('lets development and tests run on the sandboxes and the default secret', () => {
    expect(problemsOf({ NODE_ENV: 'development' })).toEqual([]);
    expect(problemsOf({ NODE_ENV: 'test' })).toEqual([]);
  });
});

describe('public address', () => {
  it('leaves PUBLIC_URL unset by default, so sandbox links follow the address the browser used', () => {
    expect(loadConfig({}).publicUrl).toBeUndefined();
    expect(loadConfig({ PUBLIC_URL: '' }).publicUrl).toBeUndefined();
    expect(loadConfig({ PUBLIC_URL: 'https://dso.example.cn' }).publicUrl).toBe('https://dso.example.cn');
  });
});

describe('payment channels', () => {
  it('pays through the sandbox by default', () => {
    const config = loadConfig({});
    expect([config.alipayProvider, config.wechatpayProvider]).toEqual(['sandbox', 'sandbox']);
  });

  it('asks for the vendor credentials and the public address when a real channel is chosen', () => {
    const problems = problemsOf({ ALIPAY_PROVIDER: 'alipay', WECHATPAY_PROVIDER: 'wechatpay' });
    expect(namesOf(problems)).toEqual(
      expect.arrayContaining([
        'ALIPAY_APP_ID',
        'ALIPAY_APP_PRIVATE_KEY',
        'ALIPAY_PUBLIC_KEY',
        'WECHATPAY_MCH_ID',
        'WECHATPAY_API_V3_KEY',
        'PUBLIC_URL',
      ]),
    );
  });
});
