/**
 * What a chart's tooltip formatter returns is HTML: ECharts puts it into the page as it is (its own string
 * templates and default tooltips escape their values, a formatter function does not). Every text a formatter
 * shows comes from data — a keyword, a word the model grouped, a region, a day — and data can hold markup (a
 * library keyword `<img src=q onerror=…>` was once rendered as an image). So formatters build their HTML with
 * {@link tooltipHtml} only: the literal parts are the markup, every value is escaped.
 */

const entities: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** A value as HTML text: `<img>` reads as the characters, never as an element. */
export function escapeHtml(value: unknown): string {
  return String(value ?? '').replace(/[&<>"']/g, (character) => entities[character]!);
}

/** A tooltip's HTML from a template whose literal parts are markup and whose `${values}` are text (escaped). */
export function tooltipHtml(strings: TemplateStringsArray, ...values: unknown[]): string {
  return strings.reduce(
    (html, part, index) => html + part + (index < values.length ? escapeHtml(values[index]) : ''),
    '',
  );
}

/** Tooltip lines, each built with {@link tooltipHtml}, one under the other. */
export function tooltipLines(lines: readonly string[]): string {
  return lines.join('<br/>');
}

/**
 * The data index an axis-triggered tooltip points at: ECharts hands its formatter one item per series
 * (or a lone item), each carrying the hovered category's `dataIndex`; -1 when there is none, so a lookup
 * by it finds nothing.
 */
export function axisTooltipIndex(params: unknown): number {
  const items = (Array.isArray(params) ? params : [params]) as ({ dataIndex?: number } | undefined)[];
  return items[0]?.dataIndex ?? -1;
}

/**
 * An axis-triggered tooltip's formatter over the chart's rows (one a category): the hovered row's lines, one
 * under the other, or nothing when the pointer is on no row. `linesOf` builds each line with {@link tooltipHtml}.
 */
export function axisRowTooltip<Row>(rows: readonly Row[], linesOf: (row: Row) => readonly string[]) {
  return (params: unknown): string => {
    const row = rows[axisTooltipIndex(params)];
    return row === undefined ? '' : tooltipLines(linesOf(row));
  };
}
