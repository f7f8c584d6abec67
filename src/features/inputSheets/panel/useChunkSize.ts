/** "Rows per request" (under Advanced): the text typed, the number it gives, and what is wrong with it, if anything. */
import * as React from "react";
import { DEFAULT_CHUNK_SIZE } from "../model/pushPlan";

const MAX_CHUNK = 1000;

function chunkSizeProblem(text: string): string | null {
  const n = Number(text);
  return Number.isInteger(n) && n >= 1 && n <= MAX_CHUNK ? null : `Enter a whole number from 1 to ${MAX_CHUNK}.`;
}

export function useChunkSize() {
  const [text, setText] = React.useState(String(DEFAULT_CHUNK_SIZE));
  return { text, setText, size: Number(text), problem: chunkSizeProblem(text) };
}
