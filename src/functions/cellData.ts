/**
 * What Excel may pass for an `any` parameter besides a plain number, text, TRUE/FALSE or blank. functions.json
 * carries `allowCustomDataForDataTypeAny: true` (custom-functions-metadata always writes it), so a cell holding a
 * data type arrives as its object: a formatted number `{type: "FormattedNumber", basicValue, numberFormat}`, a
 * `{type: "Double" | "String" | "Boolean", basicValue}`, an entity `{type: "Entity", text, properties}` or a linked
 * entity (Stocks, Geography: `{type: "LinkedEntity", id, text, properties}`). Excel documents both entity kinds with
 * `basicType: "Error"` and `basicValue: "#VALUE!"` (what Range.values shows for them), so an entity is read from its
 * properties and text, never from its basic value. Each is turned into the plain value it stands for, or refused
 * with a #VALUE! naming the argument, so no formula ever reads "[object Object]" or "#VALUE!".
 *
 * A parameter is scalar (functions.json: dimensionality "scalar", except TRANSACTIONS' accounts), so Excel never
 * passes a range here: given one, it calls the function once per cell and spills the results. Only a 1x1 array is
 * read defensively as its cell.
 */
import { isDateNumberFormat, isTimeOnlyNumberFormat } from "../xl/excelConventions";
import { invalidValue } from "./errors";

export type CellArg = string | number | boolean | null | undefined;

/** What an argument is read as: it decides which part of an entity stands for it. */
export type ArgKind = "text" | "number" | "date" | "employee" | "client";

/** Entity properties that hold the value an argument wants, by kind (matched without case, spaces or underscores). */
const ENTITY_PROPERTIES: Record<ArgKind, string[]> = {
  text: ["name"],
  number: ["value"],
  date: ["date"],
  employee: ["number", "employeenumber", "employee"],
  client: ["clientid", "id"],
};

const WHAT: Record<ArgKind, string> = {
  text: "text",
  number: "number",
  date: "date",
  employee: "number",
  client: "client ID",
};

type DataValue = { type?: unknown; basicValue?: unknown; text?: unknown; numberFormat?: unknown; properties?: unknown };

const isPlain = (v: unknown): v is CellArg =>
  v === null || v === undefined || typeof v === "string" || typeof v === "number" || typeof v === "boolean";

/** The plain value an argument stands for; #VALUE! naming `name` when it stands for none. */
export function plainArg(v: unknown, name: string, kind: ArgKind): CellArg {
  if (isPlain(v)) return v;
  if (Array.isArray(v)) return singleCell(v, name, kind);
  if (typeof v !== "object") throw invalidValue(`${name}: a ${typeof v} is not a ${WHAT[kind]}`);
  const d = v as DataValue;
  const type = typeof d.type === "string" ? d.type : "";
  switch (type) {
    case "FormattedNumber":
      return formattedNumber(d, name, kind);
    case "Double":
    case "String":
    case "Boolean":
      if (isPlain(d.basicValue)) return d.basicValue;
      break;
    case "Entity":
    case "LinkedEntity":
      return entityValue(d, name, kind);
    case "Empty":
      return null;
    case "Error":
      throw invalidValue(`${name}: the cell holds an error value`);
  }
  throw invalidValue(`${name}: ${type ? `a ${type} value` : "this value"} is not a ${WHAT[kind]}`);
}

/** A 1x1 array is its cell's value; a larger one (which Excel spreads over calls, never passes) is refused. */
function singleCell(v: unknown[], name: string, kind: ArgKind): CellArg {
  const rows = v.length;
  const cols = Array.isArray(v[0]) ? (v[0] as unknown[]).length : 1;
  if (rows === 0 || cols === 0) return null;
  if (rows === 1 && cols === 1) return plainArg(Array.isArray(v[0]) ? (v[0] as unknown[])[0] : v[0], name, kind);
  throw invalidValue(`${name}: ${rows} × ${cols} values where one is wanted`);
}

/** A number with its format: a date argument refuses a time or duration (h:mm, [h]:mm, mm:ss), never reads it as a day. */
function formattedNumber(d: DataValue, name: string, kind: ArgKind): CellArg {
  if (typeof d.basicValue !== "number") throw invalidValue(`${name}: a formatted number without a number`);
  const format = typeof d.numberFormat === "string" ? d.numberFormat : "";
  if (kind === "date" && format && isTimeOnlyNumberFormat(format))
    throw invalidValue(`${name}: ${d.basicValue} is a time or duration (${format}), not a date`);
  if (kind !== "date" && format && isDateNumberFormat(format) && !isTimeOnlyNumberFormat(format) && kind !== "number")
    throw invalidValue(`${name}: a date is not a ${WHAT[kind]}`);
  return d.basicValue;
}

/**
 * An entity: the property that names what the argument wants, else (for a text argument) its display text. Its
 * basicValue is never read: Excel sends "#VALUE!" there for every entity.
 */
function entityValue(d: DataValue, name: string, kind: ArgKind): CellArg {
  const properties = d.properties && typeof d.properties === "object" ? (d.properties as Record<string, unknown>) : {};
  const wanted = [name, ...ENTITY_PROPERTIES[kind]].map(squash);
  for (const [key, value] of Object.entries(properties)) {
    if (!wanted.includes(squash(key))) continue;
    const plain = plainArg(value, name, kind);
    if (plain !== null && plain !== undefined && plain !== "") return plain;
  }
  if (kind === "text" && typeof d.text === "string" && d.text.trim() !== "") return d.text;
  throw invalidValue(`${name}: an entity without a ${WHAT[kind]}`);
}

const squash = (s: string) => s.toLowerCase().replace(/[\s_]/g, "");
