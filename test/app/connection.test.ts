import {
  ConfigurationError,
  NetworkError,
  RateLimitedError,
  ServerError,
  TimeoutError,
  UnauthorizedError,
  UnexpectedResponseError,
} from "../../src/api";
import { connectionErrorMessage, normaliseServiceUrl, serviceUrlProblem } from "../../src/app/connection";

const req = { method: "GET" as const, path: "/clients/" };
const BASE = "https://localhost:3000";

describe("connection messages", () => {
  it.each([
    [new UnauthorizedError(req, 401), /did not accept this API key/],
    [new RateLimitedError(req, 5000), /busy/],
    [new TimeoutError(req, 30000), /did not answer in time/],
    [new NetworkError(req), /Could not reach the service at https:\/\/localhost:3000/],
    [new ServerError(req, 502), /could not be reached \(HTTP 502\)/],
    [new ServerError(req, 500), /internal error \(HTTP 500\)/],
    [new UnexpectedResponseError(req, 200, []), /did not answer like the payroll service/],
    [new Error("boom"), /unexpected reason/],
  ])("%s", (error, expected) => {
    expect(connectionErrorMessage(error, BASE)).toMatch(expected);
  });

  it("passes the client's configuration message through (it never holds the key)", () => {
    const error = new ConfigurationError("The API key contains line breaks. Paste it again.");
    expect(connectionErrorMessage(error, BASE)).toBe("The API key contains line breaks. Paste it again.");
  });
});

describe("custom service address", () => {
  it.each([
    ["", /Enter the service's base address/],
    ["payroll.example.com", /not a valid URL/],
    ["ftp://payroll.example.com", /https:\/\/ or http:\/\//],
    ["https://user:pw@payroll.example.com", /user name or password/],
    ["https://payroll.example.com/?k=1", /\? or #/],
    ["https://payroll.example.com/v1/", /Leave out \/v1/],
  ])("refuses %j", (text, expected) => {
    expect(serviceUrlProblem(text)).toMatch(expected);
  });

  it("accepts a root, with or without a path, and trims trailing slashes", () => {
    expect(serviceUrlProblem("https://payroll.example.com/api/")).toBeNull();
    expect(normaliseServiceUrl(" https://payroll.example.com/api// ")).toBe("https://payroll.example.com/api");
  });
});
