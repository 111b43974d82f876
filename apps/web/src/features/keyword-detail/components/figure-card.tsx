import type { ReactNode } from 'react';
import { type FigureTerm, FigureTip } from './figure-tip';

/** Its label: a glossary term (named with its definition) or a plain name. */
type FigureCardLabel = { term: FigureTerm; label?: never } | { label: string; term?: never };

/** A figure card of the detail pages (the keyword's strip, a topic's): its label, its value, and a note under them. */
export function FigureCard({ term, label, value, note }: FigureCardLabel & { value: ReactNode; note: string }) {
  return (
    <div className="surface-box kd-figure" data-figure={term}>
      <div className="kd-figure__label">{term ? <FigureTip term={term} /> : label}</div>
      <div className="kd-figure__value">{value}</div>
      <div className="note-line kd-figure__note">{note}</div>
    </div>
  );
}
