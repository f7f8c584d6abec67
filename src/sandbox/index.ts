/**
 * The payroll sandbox: a local implementation of the payroll service API document on fastify. Its public entry:
 * buildSandboxApp() gives an app for inject() tests; startSandbox() listens on a port. The rooms: engine/ (pure
 * payroll rules), service/ (the routes and the rules they apply), store/ (the state, --data persistence and its
 * write-ahead log), http/ (the fastify server, errors, options, shutdown), demo/ (the seeded demo data).
 */
export { startSandbox } from "./http/app";
/** @internal An app for inject() tests, and the running sandbox benches and tests stop. */
export { buildSandboxApp, type RunningSandbox } from "./http/app";
export type { SandboxOptions } from "./http/options";
export { DEFAULTS } from "./http/options";
