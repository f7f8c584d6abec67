/**
 * Cell values of a data type, as Excel documents them (ExcelApi 1.16, Excel.EntityCellValue and
 * LinkedEntityCellValue): an entity's `basicType` is "Error" and its `basicValue` "#VALUE!", which is what
 * Range.values and any formula that is not a custom function see. A custom function with an `any` parameter
 * (functions.json: allowCustomDataForDataTypeAny) receives the object itself.
 */
import type { Scalar } from "./values";

export interface EntityValue {
  type: "Entity";
  text: string;
  properties: Record<string, unknown>;
  basicType: "Error";
  basicValue: "#VALUE!";
}

export interface LinkedEntityValue {
  type: "LinkedEntity";
  id: { entityId: string; domainId: string; serviceId: number; culture: string };
  text: string;
  properties: Record<string, unknown>;
  basicType: "Error";
  basicValue: "#VALUE!";
}

export type DataCellValue = EntityValue | LinkedEntityValue;

/** What a custom function receives for one argument: a value, a data type, or (a matrix parameter) rows of them. */
export type ArgumentValue = Scalar | null | DataCellValue | (Scalar | null | DataCellValue)[][];

/** Excel.CalculationType. */
export type CalculationKind = "Recalculate" | "Full" | "FullRebuild";

export function isCalculationKind(v: unknown): v is CalculationKind {
  return v === "Recalculate" || v === "Full" || v === "FullRebuild";
}

/** An EntityCellValue as Excel documents it. */
export function entityValue(text: string, properties: Record<string, unknown> = {}): EntityValue {
  return { type: "Entity", text, properties, basicType: "Error", basicValue: "#VALUE!" };
}
