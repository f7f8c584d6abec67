/**
 * Finalising payslips in a running sandbox through its operator route, `POST /sandbox/finalise` (outside /v1, see
 * docs/sandbox.md): what the accountant does in the service's own screens, which the API has no call for.
 */
type Service = { url: string; apiKey: string };
export type FinaliseOutcome = { finalised: { payslip_id: number; payment_run_id: number }[]; opened: number[] };

/** Finalises a client's open regular payslips (all, or those named); the next period opens for the same employees. */
export async function finaliseInSandbox(service: Service, clientId: number, payslipIds?: number[]): Promise<FinaliseOutcome> {
  // A payslip still calculating (a push just changed it) is refused with 409, as a pay run cannot close on one:
  // wait for the recalculation, as the accountant would.
  for (const deadline = Date.now() + 15_000; ;) {
    const r = await fetch(`${service.url}/sandbox/finalise`, {
      method: "POST",
      headers: { authorization: service.apiKey, "content-type": "application/json" },
      body: JSON.stringify({ client_id: clientId, payslip_ids: payslipIds }),
    });
    if (r.ok) return (await r.json()) as FinaliseOutcome;
    const text = await r.text();
    if (r.status !== 409 || Date.now() > deadline) throw new Error(`finalise: HTTP ${r.status} ${text}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** Finalises one employee's regular payslip of the period ending on `payslipDate`. */
export async function finalisePayslipOf(
  service: Service,
  clientId: number,
  employeeId: number,
  payslipDate: string,
): Promise<void> {
  const r = await fetch(`${service.url}/v1/employees/${employeeId}/payslips`, { headers: { authorization: service.apiKey } });
  const list = (await r.json()) as { payslip: { id: number; date: string; special: boolean; finalised: boolean } }[];
  const payslip = list.map((x) => x.payslip).find((p) => p.date === payslipDate && !p.special && !p.finalised);
  if (!payslip) throw new Error(`no open regular payslip of employee ${employeeId} on ${payslipDate}`);
  const outcome = await finaliseInSandbox(service, clientId, [payslip.id]);
  if (outcome.finalised.length !== 1) throw new Error(`payslip ${payslip.id} was not finalised`);
}
