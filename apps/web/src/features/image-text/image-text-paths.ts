import type { ImageTextSource } from '@dso/contract';

/** The AI 图文 pages' addresses (000 §2.1, §2.3). */
export const imageTextPaths = {
  generate: (keyword?: string) => (keyword ? `/keywordImg?keyword=${encodeURIComponent(keyword)}` : '/keywordImg'),
  details: (id: number) => `/keywordImgDetails?id=${id}`,
  batch: '/keywordImgsV2',
  history: (tab?: ImageTextSource) => (tab ? `/keywordImgHistory/${tab}` : '/keywordImgHistory'),
  settings: '/setImg',
} as const;
