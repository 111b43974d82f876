/**
 * The fill under a line that fades from the line's colour at the top to nothing at the axis.
 * `color` is a #rrggbb hex; `topAlpha` the two hex digits of opacity at the top ('55' ≈ 33%).
 */
export function areaFade(color: string, topAlpha: string) {
  return {
    type: 'linear' as const,
    x: 0,
    y: 0,
    x2: 0,
    y2: 1,
    colorStops: [
      { offset: 0, color: `${color}${topAlpha}` },
      { offset: 1, color: `${color}00` },
    ],
  };
}
