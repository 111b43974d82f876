import type { WritingTemplate } from '@dso/contract';
import { readSession, SessionKey, writeSession } from '../../lib/storage';

/** The AI 创作 routes (000 §2.2). */
export const WritingRoute = {
  templates: '/CueWord',
  writing: '/writing',
  history: '/CueWordHistory',
} as const;

/** /writing reopening a saved work. */
export const reopenWorkPath = (id: number) => `${WritingRoute.writing}?work=${id}`;

/** Remembers the chosen template for /writing (session storage, so a reload keeps it). */
export function storeChosenTemplate(template: WritingTemplate) {
  writeSession(SessionKey.writingTemplate, JSON.stringify(template));
}

/** The template chosen on /CueWord, or null when none was chosen in this tab. */
export function readChosenTemplate(): WritingTemplate | null {
  const stored = readSession(SessionKey.writingTemplate);
  if (!stored) return null;
  try {
    const template = JSON.parse(stored) as WritingTemplate;
    return typeof template.id === 'number' && Array.isArray(template.variables) ? template : null;
  } catch {
    return null;
  }
}
