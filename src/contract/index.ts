/** The wire contract: the one description of requests and responses, shared by client and sandbox. */
export * from "./common";
export * from "./client";
export * from "./employee";
export * from "./wave";
export * from "./payPoint";
export * from "./payslip";
export * from "./paymentRun";
export * from "./calculation";
export * from "./inherited";
export * from "./servicePeriod";
export * from "./leave";
export * from "./profileMapping";
export * from "./reports";
export * from "./bulkInput";
