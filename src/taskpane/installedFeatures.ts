/**
 * Loads every feature slice's registration module (each calls registerFeature).
 * Slices: add ONE import line for your register module below; keep the list sorted.
 */
import "./panels/ReportsRegister";
import "./panels/registerPayroll";
import "./panels/registerSheets";

export {};
