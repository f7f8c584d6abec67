import { PAYMENT_METHOD_LABELS, paymentMethodCode, paymentMethodLabel } from "../../src/ui/sheets/paymentMethods";

describe("payment methods in words", () => {
  it("labels each of the document's allowed values, and reads labels and codes back in any case", () => {
    expect(paymentMethodLabel("eft_manual")).toBe("EFT (manual)");
    expect(paymentMethodLabel("cash")).toBe("Cash");
    expect(paymentMethodLabel("CHEQUE")).toBe("Cheque");
    for (const [code, label] of Object.entries(PAYMENT_METHOD_LABELS)) {
      expect(paymentMethodCode(label)).toBe(code);
      expect(paymentMethodCode(label.toUpperCase())).toBe(code);
      expect(paymentMethodCode(` ${code} `)).toBe(code);
    }
  });

  it("leaves a blank blank and an unknown value as sent, and never reads an unknown text as a code", () => {
    expect(paymentMethodLabel(null)).toBeNull();
    expect(paymentMethodLabel("")).toBeNull();
    expect(paymentMethodLabel("crypto")).toBe("crypto");
    expect(paymentMethodCode("EFT")).toBeNull();
    expect(paymentMethodCode(3)).toBeNull();
  });
});
