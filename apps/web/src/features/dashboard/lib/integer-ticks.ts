/** Y-axis ticks for request counts: whole numbers only, from 0 to a round value at or above `max`. */
export function getIntegerTicks(max: number, maxTicks = 5): number[] {
  if (max <= 1) return [0, 1];
  const rough = max / (maxTicks - 1);
  const magnitude = 10 ** Math.floor(Math.log10(rough));
  const step = Math.max(1, ([1, 2, 5, 10].find((factor) => factor * magnitude >= rough) ?? 10) * magnitude);
  const top = Math.ceil(max / step) * step;
  return Array.from({ length: top / step + 1 }, (_, index) => index * step);
}
