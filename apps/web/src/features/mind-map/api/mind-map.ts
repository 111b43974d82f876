import { type MindMap, type MindMapChildren, MindMapPath } from '@dso/contract';
import { request } from '../../../lib/api/client';

/** `POST /api/ai/mind-map/build`: a keyword's map (takes one AI writing unit once the model has grouped it). */
export function buildMindMap(keyword: string) {
  return request<MindMap>(MindMapPath.build, { method: 'POST', body: { keyword } });
}

/** `GET /api/ai/mind-map/expand`: a word's children from the keyword library (free). */
export function expandMindMapWord(word: string, signal?: AbortSignal) {
  return request<MindMapChildren>(MindMapPath.expand, { query: { word }, signal });
}
