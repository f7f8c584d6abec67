/** `--lose-reply-rate`: a bulk_input answer is lost (a 500 or a dropped connection) after the write was applied. */
import { main } from "../../src/sandbox/cli";
import { startSandbox, type RunningSandbox } from "../../src/sandbox";

let sandbox: RunningSandbox;
beforeAll(async () => {
  sandbox = await startSandbox({ employees: 3, loseReplyRate: 1 });
});
afterAll(() => sandbox.close());

const headers = () => ({ Authorization: sandbox.apiKey, "Content-Type": "application/json" });

async function firstEmployee(): Promise<{ id: number; first_name: string }> {
  const res = await fetch(`${sandbox.url}/v1/clients/1/employees`, { headers: headers() });
  return ((await res.json()) as { employee: { id: number; first_name: string } }[])[0].employee;
}

it("applies every write and loses every answer, as a 500 or a dropped connection", async () => {
  const { id } = await firstEmployee();
  const outcomes: string[] = [];
  for (let i = 0; i < 12; i++) {
    const name = `Lost${i}`;
    try {
      const res = await fetch(`${sandbox.url}/v1/clients/1/bulk_input`, {
        method: "POST",
        headers: headers(),
        body: JSON.stringify({ entities: [{ id: String(id), attributes: { first_name: name } }] }),
      });
      outcomes.push(String(res.status));
      expect(res.status).toBe(500);
      expect(((await res.json()) as { message: string }).message).toMatch(/lose-reply-rate/);
    } catch {
      outcomes.push("dropped");
    }
    // Applied although the answer was lost.
    expect((await firstEmployee()).first_name).toBe(name);
  }
  // Both kinds of loss happen (12 draws at one half each: all of one kind has odds of 1 in 2,048).
  expect(new Set(outcomes)).toEqual(new Set(["500", "dropped"]));
});

it("leaves other requests alone, and refuses a rate outside 0..1 on the command line", async () => {
  const res = await fetch(`${sandbox.url}/v1/clients/`, { headers: headers() });
  expect(res.status).toBe(200);
  const stderr = jest.spyOn(process.stderr, "write").mockImplementation(() => true);
  expect(await main(["--lose-reply-rate", "2"])).toBe(2);
  expect(stderr.mock.calls.map((c) => String(c[0])).join("")).toMatch(/--lose-reply-rate/);
  stderr.mockRestore();
});
