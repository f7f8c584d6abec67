/**
 * How the pane shows and reads dates: in Office's display language (Office.context.displayLanguage, read through the
 * Office host adapter in src/excel), not the browser's, so an Irish accountant sees 31/01/2025 whatever language the
 * browser or webview runs in. The API and the workbook keep ISO dates ("2025-01-31"); this module only converts for
 * people. Every date the pane shows goes through formatDate / formatDateTime; date fields use dateInputPattern and
 * parseDateInput (components/DateField).
 */
import { officeDisplayLanguage, type OfficeGlobals } from "../excel";
import { utcDay } from "../xl/excelConventions";

/** Where Office gives no language (outside Office, or before Office.onReady): the add-in's home locale. */
export const DEFAULT_LOCALE = "en-IE";

/** Office's display language ("en-IE", "de-DE"), or DEFAULT_LOCALE; an unusable tag falls back too. */
export function displayLocale(global?: OfficeGlobals): string {
  const tag = officeDisplayLanguage(global);
  if (!tag) return DEFAULT_LOCALE;
  try {
    return Intl.DateTimeFormat.supportedLocalesOf([tag]).length > 0 ? tag : DEFAULT_LOCALE;
  } catch {
    return DEFAULT_LOCALE;
  }
}

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

function dayFormat(locale: string): Intl.DateTimeFormat {
  return new Intl.DateTimeFormat(locale, { day: "2-digit", month: "2-digit", year: "numeric", timeZone: "UTC" });
}

/** "2025-01-31" -> "31/01/2025" (en-IE), "01/31/2025" (en-US), "31.01.2025" (de-DE). Other text is returned as is. */
export function formatDate(iso: string | null | undefined, locale = displayLocale()): string {
  if (!iso) return "";
  const m = ISO_DATE.exec(iso.slice(0, 10));
  const ms = m ? utcDay(Number(m[1]), Number(m[2]), Number(m[3])) : null;
  return ms === null ? iso : dayFormat(locale).format(ms);
}

/** A moment as a local date and time in the display language: "31/01/2025, 14:05" (en-IE). */
export function formatDateTime(date: Date, locale = displayLocale()): string {
  return new Intl.DateTimeFormat(locale, {
    day: "2-digit",
    month: "2-digit",
    year: "numeric",
    hour: "2-digit",
    minute: "2-digit",
  }).format(date);
}

/** A moment as a local time of day in the display language ("14:05" in en-IE, "2:05 PM" in en-US). */
export function formatTime(date: Date, locale = displayLocale()): string {
  return new Intl.DateTimeFormat(locale, { hour: "2-digit", minute: "2-digit" }).format(date);
}

type Part = "day" | "month" | "year";

/** The order of day, month and year in the locale's short dates, and the separator between them. */
function dateParts(locale: string): { order: Part[]; separator: string } {
  const parts = dayFormat(locale).formatToParts(Date.UTC(2025, 0, 31));
  const order = parts.filter((p): p is Intl.DateTimeFormatPart & { type: Part } => ["day", "month", "year"].includes(p.type));
  const separator = parts.find((p) => p.type === "literal")?.value ?? "/";
  return { order: order.map((p) => p.type), separator };
}

/** What a date field asks for: "dd/mm/yyyy" (en-IE), "mm/dd/yyyy" (en-US), "dd.mm.yyyy" (de-DE). */
export function dateInputPattern(locale = displayLocale()): string {
  const { order, separator } = dateParts(locale);
  const token: Record<Part, string> = { day: "dd", month: "mm", year: "yyyy" };
  return order.map((p) => token[p]).join(separator.trim() || "/");
}

/**
 * A date typed in the display language's order ("31/1/2025", "31.01.2025") or as ISO ("2025-01-31") -> ISO, or
 * null when it is not a real date. Any non-digits separate the parts; a two-digit year is 20yy.
 */
export function parseDateInput(text: string, locale = displayLocale()): string | null {
  const t = text.trim();
  if (t === "") return null;
  const iso = ISO_DATE.exec(t);
  let y: number;
  let m: number;
  let d: number;
  if (iso) [y, m, d] = [Number(iso[1]), Number(iso[2]), Number(iso[3])];
  else {
    const nums = t.split(/\D+/).filter(Boolean);
    if (nums.length !== 3) return null;
    const { order } = dateParts(locale);
    const at = (p: Part) => nums[order.indexOf(p)];
    const year = at("year");
    if (year.length !== 4 && year.length !== 2) return null;
    [y, m, d] = [Number(year.length === 2 ? `20${year}` : year), Number(at("month")), Number(at("day"))];
  }
  const ms = utcDay(y, m, d);
  return ms === null ? null : new Date(ms).toISOString().slice(0, 10);
}
