/** Split into consecutive chunks of at most `size` (a whole number of at least 1). */
export function chunk<T>(items: readonly T[], size: number): T[][] {
  if (!Number.isInteger(size) || size < 1) throw new RangeError(`Chunk size must be a whole number of at least 1 (got ${size}).`);
  const chunks: T[][] = [];
  for (let i = 0; i < items.length; i += size) chunks.push(items.slice(i, i + size));
  return chunks;
}
