import { PayrollApi, ConfigurationError } from "../../src/api";
import { backoffDelay, parseRetryAfter } from "../../src/api/retry";

describe("parseRetryAfter", () => {
  const now = Date.parse("2025-03-01T10:00:00Z");
  test("delta-seconds", () => {
    expect(parseRetryAfter("8", now)).toBe(8_000);
    expect(parseRetryAfter(" 0 ", now)).toBe(0);
    expect(parseRetryAfter("1.5", now)).toBe(1_500);
  });
  test("HTTP date, in the future or already past", () => {
    expect(parseRetryAfter("Sat, 01 Mar 2025 10:00:30 GMT", now)).toBe(30_000);
    expect(parseRetryAfter("Sat, 01 Mar 2025 09:59:00 GMT", now)).toBe(0);
  });
  test("absent or unreadable", () => {
    expect(parseRetryAfter(null, now)).toBeUndefined();
    expect(parseRetryAfter("", now)).toBeUndefined();
    expect(parseRetryAfter("soon", now)).toBeUndefined();
    expect(parseRetryAfter("-5", now)).toBeUndefined();
  });
});

describe("backoffDelay (full jitter)", () => {
  test("is random below base * 2^(n-1), capped", () => {
    expect(backoffDelay(1, 500, 10_000, () => 0.999)).toBe(499);
    expect(backoffDelay(3, 500, 10_000, () => 0.5)).toBe(1_000);
    expect(backoffDelay(10, 500, 10_000, () => 0.999)).toBe(9_990);
    expect(backoffDelay(4, 500, 10_000, () => 0)).toBe(0);
  });
});

describe("configuration", () => {
  test("missing key, bad address and credentials in the address are refused with clear messages", () => {
    expect(() => new PayrollApi({ baseUrl: "http://127.0.0.1:1", apiKey: "" })).toThrow(ConfigurationError);
    expect(() => new PayrollApi({ baseUrl: "ftp://example.com", apiKey: "k" })).toThrow(/must start with https/);
    expect(() => new PayrollApi({ baseUrl: "not a url", apiKey: "k" })).toThrow(/not a valid web address/);
    expect(() => new PayrollApi({ baseUrl: "https://u:p@example.com", apiKey: "k" })).toThrow(/user name, password/);
  });
  test("a relative or empty base URL (same origin, via the proxy) is accepted", () => {
    expect(() => new PayrollApi({ baseUrl: "", apiKey: "k" })).not.toThrow();
    expect(() => new PayrollApi({ baseUrl: "/payroll", apiKey: "k" })).not.toThrow();
  });
});
