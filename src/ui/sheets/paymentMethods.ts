/**
 * Payment methods in words: the service stores `cash`, `cheque` or `eft_manual` (the API document's allowed values);
 * the Employees sheet shows the label, and an edited cell is read back as either the label or the code (any case).
 */
export const PAYMENT_METHOD_LABELS: Readonly<Record<string, string>> = {
  cash: "Cash",
  cheque: "Cheque",
  eft_manual: "EFT (manual)",
};

/** The label of a stored payment method; a value the document does not list is shown as the service sent it. */
export function paymentMethodLabel(code: unknown): string | null {
  if (typeof code !== "string" || code.trim() === "") return null;
  return PAYMENT_METHOD_LABELS[code.trim().toLowerCase()] ?? code;
}

/** The code for what a cell holds (a label or a code, any case), or null when it is neither. */
export function paymentMethodCode(text: unknown): string | null {
  if (typeof text !== "string") return null;
  const t = text.trim().toLowerCase();
  for (const [code, label] of Object.entries(PAYMENT_METHOD_LABELS)) if (t === code || t === label.toLowerCase()) return code;
  return null;
}
