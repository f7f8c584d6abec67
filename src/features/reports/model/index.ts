/** Reports, pure layer: parameters and defaults, pickers, request bodies, flattening, saved parameters. */
export * from "../../../xl/amounts";
export * from "./defaults";
export * from "./pickers";
export * from "./requests";
export * from "./flatten";
export * from "./saved";
export * from "./variance";
export * from "./keepCells";
