/** The payroll engine: pure functions the sandbox computes payslips, waves, leave and journals with. */
export * from "./types";
export * from "./money";
export * from "./catalogue";
export * from "./rules";
export * from "./payroll";
export * from "./periods";
export * from "./leave";
export * from "./journal";
export * from "./format";
