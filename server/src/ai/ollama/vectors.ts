/**
 * Checks on what /api/embed returned. Callers store these vectors in a pgvector column of fixed
 * size and compare them by cosine, so a wrong length or a zero vector must fail loudly here.
 */

/** The vectors scaled to unit length, or a description of why they cannot be used. */
export function unitVectors(
  embeddings: number[][],
  expectedCount: number,
  dimensions: number,
): { ok: true; vectors: number[][] } | { ok: false; problem: string } {
  if (embeddings.length !== expectedCount) {
    return { ok: false, problem: `${embeddings.length} vectors for ${expectedCount} texts` };
  }
  const vectors: number[][] = [];
  for (const [index, vector] of embeddings.entries()) {
    if (vector.length !== dimensions) {
      return { ok: false, problem: `vector ${index} has ${vector.length} dimensions, expected ${dimensions}` };
    }
    const unit = normalize(vector);
    if (!unit) return { ok: false, problem: `vector ${index} has no direction (zero or not finite)` };
    vectors.push(unit);
  }
  return { ok: true, vectors };
}

export function normalize(vector: number[]): number[] | undefined {
  // A loop, not Math.hypot(...vector): spreading thousands of arguments is slow and can overflow the stack.
  const length = Math.sqrt(vector.reduce((sum, value) => sum + value * value, 0));
  if (!Number.isFinite(length) || length === 0) return undefined;
  return vector.map((value) => value / length);
}
