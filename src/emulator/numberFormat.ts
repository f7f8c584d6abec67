/**
 * Display text of a cell value under an Excel number format code: the subset the add-in and a person
 * typing into the preview are likely to use (General, "@", 0.00, #,##0.00, currency symbols, %,
 * dates and times, sections for negatives). Unknown codes fall back to General.
 */
import type { Scalar } from "./values";
import { type DateSystem, FIRST_CORRECT_SERIAL, isDateNumberFormat, MAX_DATE_SERIAL, serialDayUtc } from "../xl/excelConventions";

const MS_PER_DAY = 86_400_000;

/**
 * Excel's calendar for a serial. 1900 system: 0 shows as 1900-01-00, 60 as 1900-02-29; weekdays follow the serial.
 * 1904 system: serial 0 is 1904-01-01, a Friday.
 */
function serialParts(
  serial: number,
  system: DateSystem,
): { y: number; mo: number; day: number; wd: number; h: number; mi: number; s: number } {
  const ms = Math.round(serial * MS_PER_DAY);
  const whole = Math.floor(ms / MS_PER_DAY);
  const t = new Date(ms - whole * MS_PER_DAY);
  const wd = system === "1904" ? (whole + 5) % 7 : (whole + 6) % 7;
  const time = { h: t.getUTCHours(), mi: t.getUTCMinutes(), s: t.getUTCSeconds(), wd };
  if (system === "1900" && whole < FIRST_CORRECT_SERIAL)
    return { y: 1900, mo: whole <= 31 ? 0 : 1, day: whole <= 31 ? whole : whole - 31, ...time };
  const d = new Date(serialDayUtc(whole, system));
  return { y: d.getUTCFullYear(), mo: d.getUTCMonth(), day: d.getUTCDate(), ...time };
}
const MONTHS = [
  "January",
  "February",
  "March",
  "April",
  "May",
  "June",
  "July",
  "August",
  "September",
  "October",
  "November",
  "December",
];
const DAYS = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"];

export function formatGeneral(n: number): string {
  if (!Number.isFinite(n)) return "#NUM!";
  if (Number.isInteger(n) && Math.abs(n) < 1e11) return String(n);
  const abs = Math.abs(n);
  if (abs !== 0 && (abs >= 1e11 || abs < 1e-9))
    return n
      .toExponential(5)
      .replace(/\.?0+e/, "E")
      .replace("e", "E");
  return String(Number(n.toPrecision(10)));
}

/** Strip quotes, escapes and [$€-1809]-style locale blocks into plain literal text. */
function literal(part: string): string {
  return part
    .replace(/\[\$([^\]-]*)(-[^\]]*)?\]/g, "$1")
    .replace(/\[[^\]]*\]/g, "")
    .replace(/"([^"]*)"/g, "$1")
    .replace(/\\(.)/g, "$1")
    .replace(/_./g, " ")
    .replace(/\*./g, "");
}

function pad(n: number, width: number): string {
  return String(n).padStart(width, "0");
}

function formatDate(serial: number, code: string, system: DateSystem): string {
  const last = system === "1904" ? MAX_DATE_SERIAL - 1462 : MAX_DATE_SERIAL;
  if (serial < 0 || serial >= last + 1) return "#".repeat(8);
  const { y, mo, day, wd, h, mi, s } = serialParts(serial, system);
  const ampm = /AM\/PM/i.test(code);
  const tokens = code.match(/"[^"]*"|\\.|AM\/PM|yyyy|yy|mmmm|mmm|mm|m|dddd|ddd|dd|d|hh|h|ss|s|[^"\\]/gi) ?? [];
  const hour = ampm ? ((h + 11) % 12) + 1 : h;
  // What each date/time token shows; "m"/"mm" mean minutes instead right after an hour or right before seconds.
  const parts = new Map<string, string>([
    ["yyyy", pad(y, 4)],
    ["yy", pad(y % 100, 2)],
    ["mmmm", MONTHS[mo]],
    ["mmm", MONTHS[mo].slice(0, 3)],
    ["mm", pad(mo + 1, 2)],
    ["m", String(mo + 1)],
    ["dddd", DAYS[wd]],
    ["ddd", DAYS[wd].slice(0, 3)],
    ["dd", pad(day, 2)],
    ["d", String(day)],
    ["hh", pad(hour, 2)],
    ["h", String(hour)],
    ["ss", pad(s, 2)],
    ["s", String(s)],
    ["am/pm", h < 12 ? "AM" : "PM"],
  ]);
  const minutes = new Map([
    ["mm", pad(mi, 2)],
    ["m", String(mi)],
  ]);
  const letterToken = (t: string) => /^[a-z]/i.test(t);
  let out = "";
  tokens.forEach((tok, i) => {
    const lower = tok.toLowerCase();
    const prev = tokens.slice(0, i).reverse().find(letterToken)?.toLowerCase() ?? "";
    const next =
      tokens
        .slice(i + 1)
        .find(letterToken)
        ?.toLowerCase() ?? "";
    const asMinutes = minutes.has(lower) && (prev.startsWith("h") || next.startsWith("s"));
    out += (asMinutes ? minutes.get(lower) : parts.get(lower)) ?? literal(tok);
  });
  return out;
}

function formatNumberSection(n: number, section: string): string {
  const percent = /%/.test(section.replace(/"[^"]*"/g, ""));
  const value = percent ? n * 100 : n;
  const m = /[#0?,.]*[0#?][#0?,.]*/.exec(section.replace(/"[^"]*"|\[[^\]]*\]/g, (q) => "\u0000".repeat(q.length)));
  if (!m) return literal(section);
  const numPart = section.slice(m.index, m.index + m[0].length);
  const prefix = literal(section.slice(0, m.index));
  const suffix = literal(section.slice(m.index + m[0].length));
  const [intPat, fracPat = ""] = numPart.split(".");
  const maxDec = (fracPat.match(/[0#?]/g) ?? []).length;
  const minDec = (fracPat.match(/0/g) ?? []).length;
  const grouping = intPat.includes(",");
  const minInt = (intPat.match(/0/g) ?? []).length;
  let text = Math.abs(value).toFixed(maxDec);
  if (maxDec > minDec) text = text.replace(new RegExp(`0{1,${maxDec - minDec}}$`), "");
  text = text.replace(/\.$/, "");
  const [digits, frac] = text.split(".");
  let intDigits = digits;
  if (intDigits === "0" && minInt === 0) intDigits = "";
  intDigits = intDigits.padStart(minInt, "0");
  if (grouping) intDigits = intDigits.replace(/\B(?=(\d{3})+(?!\d))/g, ",");
  // A decimal point in the code always shows, even with no digits after it: "0.##" shows 5 as "5.".
  return prefix + intDigits + (frac ? `.${frac}` : numPart.includes(".") ? "." : "") + suffix;
}

/** The text Excel would show for a value under a number format (ignoring column width). */
export function formatValue(value: Scalar | null, code: string | undefined, system: DateSystem = "1900"): string {
  if (value === null || value === "") return "";
  if (typeof value === "boolean") return value ? "TRUE" : "FALSE";
  if (typeof value === "string") return value;
  const fmt = code ?? "General";
  if (fmt === "General" || fmt === "@" || fmt === "") return formatGeneral(value);
  const sections = fmt.split(/;(?=(?:[^"]*"[^"]*")*[^"]*$)/);
  let section = sections[0];
  let n = value;
  if (value < 0 && sections.length > 1 && sections[1] !== "") {
    section = sections[1];
    n = -value;
  } else if (value === 0 && sections.length > 2 && sections[2] !== "") {
    section = sections[2];
  }
  if (/general/i.test(section)) return (value < 0 && section !== sections[0] ? "" : "") + formatGeneral(n);
  if (isDateNumberFormat(section)) return formatDate(n, section, system);
  const body = formatNumberSection(n, section);
  return n < 0 && section === sections[0] ? `-${body}` : body;
}

const COLOURS = /^(black|blue|cyan|green|magenta|red|white|yellow|color\d{1,2})$/i;

/**
 * Why Excel would refuse a number format code (Range.numberFormat answers InvalidArgument), or null. Checks what
 * a code is made of: at most four sections; quotes and brackets closed; bracket blocks that are a colour, a
 * condition, a locale/currency block ([$€-1809]), elapsed time ([h]) or [DBNum1]-style; and outside quotes only
 * format characters (digit placeholders, date and time letters, separators, signs, currency symbols, spaces).
 */
export function numberFormatProblem(code: string): string | null {
  if (code === "" || /^general$/i.test(code)) return null;
  if (code.length > 255) return "A number format has at most 255 characters.";
  let sections = 1;
  let rest = "";
  for (let i = 0; i < code.length; i++) {
    const ch = code[i];
    if (ch === '"') {
      const end = code.indexOf('"', i + 1);
      if (end < 0) return "A quoted text in the number format is not closed.";
      i = end;
    } else if (ch === "\\" || ch === "_" || ch === "*") {
      if (i + 1 >= code.length) return `"${ch}" needs a character after it.`;
      i++;
    } else if (ch === "[") {
      const end = code.indexOf("]", i + 1);
      if (end < 0) return "A [ block in the number format is not closed.";
      const block = code.slice(i + 1, end);
      const ok =
        COLOURS.test(block) ||
        /^(<|>|=|<=|>=|<>)-?\d+(\.\d+)?$/.test(block) ||
        /^\$[^\]]*$/.test(block) ||
        /^(h+|m+|s+)$/i.test(block) ||
        /^dbnum\d$/i.test(block);
      if (!ok) return `"[${block}]" is not a colour, condition, locale or elapsed time.`;
      i = end;
    } else if (ch === ";") {
      if (++sections > 4) return "A number format has at most four sections.";
    } else rest += ch;
  }
  const bare = rest
    .replace(/general/gi, "")
    .replace(/am\/pm|a\/p/gi, "")
    .replace(/e[+-]/gi, "");
  const stray = /[^0#?.,%/:\-+()$€£¥ @yYmMdDhHsSbBgGeE!^&'~{}<>=]/.exec(bare);
  if (stray) return `"${stray[0]}" has no meaning in a number format; put text in quotes.`;
  return null;
}
