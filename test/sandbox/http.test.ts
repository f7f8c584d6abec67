/** Authentication, error statuses and bodies, wrapped lists, and staying up whatever is sent. */
import type { FastifyInstance } from "fastify";
import { call, KEY, makeApp, sendRaw } from "../support/sandboxApp";

let app: FastifyInstance;
beforeAll(async () => {
  app = await makeApp();
});
afterAll(() => app.close());

describe("authentication", () => {
  it("accepts the raw key", async () => {
    expect((await call(app, "GET", "/clients")).status).toBe(200);
  });
  it.each([
    ["missing", {}],
    ["wrong", { authorization: "not-the-key" }],
    ["Bearer scheme", { authorization: `Bearer ${KEY}` }],
    ["empty", { authorization: "" }],
  ])("refuses a %s key with 401 {message} that never echoes the key", async (_name, headers) => {
    const r = await call(app, "GET", "/clients", undefined, headers as Record<string, string>);
    expect(r.status).toBe(401);
    expect(typeof r.body.message).toBe("string");
    expect(JSON.stringify(r.body)).not.toContain(KEY);
  });
  it("tells a Bearer user to drop the scheme", async () => {
    const r = await call(app, "GET", "/clients", undefined, { authorization: `Bearer ${KEY}` });
    expect(r.body.message).toMatch(/no scheme/);
  });
});

describe("errors", () => {
  it("404 {message} for unknown routes, IDs and reports", async () => {
    for (const url of ["/nope", "/employees/999999", "/employees/abc", "/payslips/1.pdfx", "/calculations/5"]) {
      const r = await call(app, "GET", url);
      expect(r.status).toBe(404);
      expect(r.body).toEqual({ message: expect.any(String) });
    }
    const report = await call(app, "POST", "/clients/1/reports/eti", { date: "2026-01-01" });
    expect(report.status).toBe(404);
  });
  it("400 {message} for malformed JSON, and the service keeps answering", async () => {
    const r = await sendRaw(app, "POST", "/clients/1/bulk_input", "application/json", '{"entities": [');
    expect(r.statusCode).toBe(400);
    expect(JSON.parse(r.body)).toEqual({ message: expect.stringMatching(/Malformed JSON/) });
    expect((await call(app, "GET", "/clients")).status).toBe(200);
  });
  it("422 {message, errors} keyed by attribute path", async () => {
    const r = await call(app, "POST", "/clients/1/employees", {
      employee: { first_name: "", prsi_class: "z", payment_method: "paypal", surprise: 1 },
    });
    expect(r.status).toBe(422);
    expect(r.body.message).toEqual(expect.any(String));
    expect(Object.keys(r.body.errors)).toEqual(
      expect.arrayContaining([
        "employee.first_name",
        "employee.prsi_class",
        "employee.payment_method",
        "employee.surprise",
        "employee.wave_id",
      ]),
    );
  });
  it("415 for a body that is not JSON", async () => {
    const r = await sendRaw(app, "POST", "/clients/1/bulk_input", "text/plain", "hello");
    expect(r.statusCode).toBe(415);
    expect(JSON.parse(r.body).message).toMatch(/application\/json/);
  });
  it("stays up and never shows a stack trace whatever it is sent", async () => {
    const junk: unknown[] = [
      null,
      42,
      "text",
      [],
      { entities: "x" },
      { entities: [null] },
      { entities: [{ id: "1", attributes: {}, extra: [{}] }] },
      JSON.parse('{"__proto__": {"polluted": true}}'),
    ];
    for (const body of junk) {
      for (const url of [
        "/clients/1/bulk_input",
        "/clients/1/employees",
        "/clients/1/waves",
        "/employees/1001/calculations",
        "/clients/1/reports/variance",
      ]) {
        const r = await sendRaw(app, "POST", url, "application/json", JSON.stringify(body));
        expect(r.statusCode).toBeGreaterThanOrEqual(400);
        expect(r.statusCode).toBeLessThan(500);
        expect(r.body).not.toMatch(/at .*\.ts:\d+|Error:/);
      }
    }
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    // A malformed calculation key fails its entity, not the request.
    const r = await call(app, "POST", "/clients/1/bulk_input", {
      entities: [{ id: "1001", attributes: { "calc.x": { deep: [1, 2] } } }],
    });
    expect(r.status).toBe(200);
    expect(r.body[0]).toMatchObject({ success: "false", errors: { "calc.x": expect.any(String) } });
    expect((await call(app, "GET", "/clients")).status).toBe(200);
  });
  it("accepts a DELETE that sends a JSON content type and no body", async () => {
    const created = await call(app, "POST", "/clients/1/employees", {
      employee: { wave_id: 11, first_name: "Temp", last_name: "Worker", appointment_date: "2026-11-02", payment_method: "cash" },
    });
    const r = await sendRaw(app, "DELETE", `/employees/${created.body.id}`, "application/json");
    expect(r.statusCode).toBe(200);
  });
});

describe("route schemas: one error handler gives the service's shapes", () => {
  it("a malformed body is 422 {message, errors} keyed by attribute path, and changes nothing", async () => {
    const days = (await call(app, "GET", "/employees/1001/leave_days")).body;
    const day = days.flat()[0];
    const r = await call(app, "PATCH", `/leave_days/${day.id}`, { date: "2026-02-30", hours: "lots", colour: "red" });
    expect(r.status).toBe(422);
    expect(Object.keys(r.body).sort()).toEqual(["errors", "message"]);
    expect(Object.keys(r.body.errors).sort()).toEqual(["colour", "date", "hours"]);
    expect(r.body.errors.colour).toBe("is not an accepted attribute");
    expect((await call(app, "GET", "/employees/1001/leave_days")).body).toEqual(days);
  });
  it("no body at all is checked as {}: the 422 names each missing attribute", async () => {
    const r = await call(app, "POST", "/clients/1/waves");
    expect(r.status).toBe(422);
    expect(Object.keys(r.body.errors).sort()).toEqual(["first_end_date", "frequency"]);
  });
  it("a missing required create attribute is named with the other problems", async () => {
    const r = await call(app, "POST", "/clients/1/employees", { employee: { first_name: "Aoife", email: "nope" } });
    expect(r.status).toBe(422);
    expect(r.body.errors).toMatchObject({
      "employee.email": expect.any(String),
      "employee.wave_id": "is required",
      "employee.last_name": "is required",
      "employee.payment_method": "is required",
    });
  });
  const ALLOWED_INCLUDES = "service_periods, recent_payslips, recent_payslips_with_data";
  it.each([
    // [url, message, errors]: every route with a query; the message names the parameter and the value sent.
    [
      "/clients/1/employees?include=service_periods,payslipz",
      `Unknown include "payslipz"; allowed: ${ALLOWED_INCLUDES}`,
      { include: `unknown "payslipz": must be a comma-separated list of ${ALLOWED_INCLUDES}` },
    ],
    [
      "/clients/1/employees?include=x,recent_payslips,y",
      `Unknown include "x", "y"; allowed: ${ALLOWED_INCLUDES}`,
      { include: `unknown "x", "y": must be a comma-separated list of ${ALLOWED_INCLUDES}` },
    ],
    [
      "/clients/1/waves?format=short",
      'Unknown format "short"; allowed: simplified',
      { format: "must be simplified, or left out for the full form" },
    ],
    [
      "/clients/1/waves?format=",
      'Unknown format ""; allowed: simplified',
      { format: "must be simplified, or left out for the full form" },
    ],
    [
      "/clients/1/waves?format=simplified&format=full",
      'Invalid format ["simplified","full"]: must be simplified, or left out for the full form',
      { format: "must be simplified, or left out for the full form" },
    ],
    ["/employees/1001/leave_balances", "date is required (YYYY-MM-DD)", { date: "is required (YYYY-MM-DD)" }],
    [
      "/employees/1001/leave_balances?date=2026-13-01",
      'Invalid date "2026-13-01": must be a YYYY-MM-DD date',
      { date: "must be a YYYY-MM-DD date" },
    ],
  ])(
    "a malformed query is 422 {message, errors}, the message naming the parameter and value: %s",
    async (url, message, errors) => {
      const r = await call(app, "GET", url);
      expect(r.status).toBe(422);
      expect(r.body).toEqual({ message, errors });
    },
  );
  it.each([
    ["GET", "/employees/abc/payslips", "Employee not found"],
    ["PATCH", "/leave_days/-1", "Leave day not found"],
    ["GET", "/clients/1x/waves", "Client not found"],
    ["POST", "/clients/1/reports/eti", 'Report "eti" not found'],
    // An unknown record is 404 before its (here invalid) body is looked at.
    ["PATCH", "/employees/999999", "Employee 999999 not found"],
    ["DELETE", "/calculations/999999999", "Calculation 999999999 not found"],
  ] as const)("a path parameter that names no record is 404 {message}: %s %s", async (method, url, message) => {
    const r = await call(app, method, url, method === "GET" ? undefined : { hours: 2 });
    expect(r.status).toBe(404);
    expect(r.body).toEqual({ message });
  });
});

describe("list shape", () => {
  it.each([
    ["/clients", "client"],
    ["/clients/1/employees", "employee"],
    ["/clients/1/waves", "wave"],
    ["/clients/1/pay_points", "pay_point"],
    ["/clients/1/payment_runs", "payment_run"],
    ["/employees/1001/payslips", "payslip"],
    ["/employees/1001/service_periods", "service_period"],
  ])("%s wraps each element under %s", async (url, key) => {
    const r = await call(app, "GET", url);
    expect(r.status).toBe(200);
    expect(r.body.length).toBeGreaterThan(0);
    for (const el of r.body) expect(Object.keys(el)).toEqual([key]);
  });
  it("a wave's pay calendar fields are in the full form only; the demo sets a payment day on one wave and nothing on another", async () => {
    const fields = ["notification_days_before", "finalisation_days_before", "payslip_payment_day"];
    const full = (await call(app, "GET", "/clients/1/waves")).body.map((w: { wave: Record<string, unknown> }) => w.wave);
    const short = (await call(app, "GET", "/clients/1/waves?format=simplified")).body.map(
      (w: { wave: Record<string, unknown> }) => w.wave,
    );
    for (const w of full) for (const f of fields) expect(w).toHaveProperty(f);
    for (const w of short) for (const f of fields) expect(w).not.toHaveProperty(f);
    expect(full.find((w: Record<string, unknown>) => w.length_months === 1)).toMatchObject({
      payslip_payment_day: 25,
      finalisation_days_before: 3,
      notification_days_before: 5,
    });
    const third = (await call(app, "GET", "/clients/3/waves")).body.map((w: { wave: Record<string, unknown> }) => w.wave);
    expect(third.some((w: Record<string, unknown>) => fields.every((f) => w[f] === null))).toBe(true);
  });
  it("answers with or without the trailing slash of GET /clients/", async () => {
    const a = await call(app, "GET", "/clients/");
    expect(a.status).toBe(200);
    expect(a.body).toEqual((await call(app, "GET", "/clients")).body);
  });
});

describe("options that shape traffic", () => {
  it("--rate-limit answers 429 with Retry-After beyond the limit, per key", async () => {
    const limited = await makeApp({ rateLimit: 3 });
    try {
      for (let i = 0; i < 3; i++) expect((await call(limited, "GET", "/clients")).status).toBe(200);
      const r = await call(limited, "GET", "/clients");
      expect(r.status).toBe(429);
      expect(Number(r.headers["retry-after"])).toBeGreaterThan(0);
      expect(r.body.message).toMatch(/Rate limit/);
    } finally {
      await limited.close();
    }
  });
  it("--fail-rate 1 answers every request 500 {message}", async () => {
    const failing = await makeApp({ failRate: 1 });
    try {
      const r = await call(failing, "GET", "/clients");
      expect(r.status).toBe(500);
      expect(r.body).toEqual({ message: expect.stringMatching(/Simulated/) });
    } finally {
      await failing.close();
    }
  });
  it("--latency-ms delays answers", async () => {
    const slow = await makeApp({ latencyMs: 120 });
    try {
      const t = Date.now();
      await call(slow, "GET", "/clients");
      expect(Date.now() - t).toBeGreaterThanOrEqual(110);
    } finally {
      await slow.close();
    }
  });
});
