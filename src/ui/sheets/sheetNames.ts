/**
 * The names of the sheets the add-in writes for a client, in the accountant's words: the client's short name first,
 * then what the sheet holds ("Shannon · Employees"), and for an input sheet its wave and an unbroken period
 * ("Shannon · Office mthly · 25-11-26"). Excel allows 31 characters: the client and wave parts are shortened, never
 * the date. A client keeps one short name per workbook (the flows record it), unique among the workbook's clients,
 * so two clients' sheets never share a name and importing for one never replaces the other's.
 */
import { MAX_SHEET_NAME, SHEET_NAME_FORBIDDEN } from "../../xl/excelConventions";

const SEPARATOR = " · ";
/** A short name leaves a wave at least 7 characters beside an unbroken date, so it is never cut there. */
const MAX_SHORT_NAME = 12;

/** Words a company name ends with that say nothing about which client it is. */
const LEGAL_SUFFIX =
  /\s+(ltd\.?|limited|plc|dac|uc|clg|llp|llc|inc\.?|gmbh|teoranta|teo\.?|unlimited company|company|co\.?|group)$/i;

/** A part of a sheet name with Excel's forbidden characters replaced and spaces squeezed. */
const clean = (text: string) =>
  text
    .replace(new RegExp(SHEET_NAME_FORBIDDEN.source, "g"), "-")
    .replace(/\s+/g, " ")
    .replace(/^['\s]+|['\s]+$/g, "");

/** The words of a client's name that tell it apart: after any "Bureau demo:" style prefix, without "The" and "Ltd". */
function nameWords(clientName: string): string[] {
  let name = clientName.includes(":") ? clientName.slice(clientName.lastIndexOf(":") + 1) : clientName;
  name = name.trim();
  for (let before = ""; before !== name;) {
    before = name;
    name = name.replace(LEGAL_SUFFIX, "").trim();
  }
  const words = clean(name.replace(/^the\s+/i, ""))
    .split(" ")
    .filter(Boolean);
  return words.length > 0 ? words : clean(clientName).split(" ").filter(Boolean);
}

/**
 * The short names a client's sheets may carry, best first, 12 characters at most: its first word ("Shannon"; two when
 * the first is under three letters), then more of its name ("Shannon Log."), then the first word with the client
 * ID, which no other client shares.
 */
export function clientShortNames(clientName: string, clientId: number): string[] {
  const words = nameWords(clientName);
  const first = words[0] && words[0].length < 3 && words[1] ? `${words[0]} ${words[1]}` : (words[0] ?? "Client");
  const out = [first];
  for (let n = 2; n <= words.length; n++) out.push(words.slice(0, n).join(" "));
  out.push(`${first} ${clientId}`);
  return [...new Set(out.map((s, i) => (i === 0 ? cut(s, MAX_SHORT_NAME, 0) : abbreviate(s, MAX_SHORT_NAME))))];
}

/**
 * The client's short name in this workbook: the one recorded for it, else the first of its candidates that no other
 * client has taken (compared ignoring case, as Excel compares sheet names).
 */
export function chooseShortName(clientName: string, clientId: number, recorded: Readonly<Record<string, string>>): string {
  const own = recorded[String(clientId)];
  if (own) return own;
  const taken = new Set(
    Object.entries(recorded)
      .filter(([id]) => id !== String(clientId))
      .map(([, name]) => name.toLowerCase()),
  );
  const candidates = clientShortNames(clientName, clientId);
  return candidates.find((c) => !taken.has(c.toLowerCase())) ?? candidates[candidates.length - 1];
}

/** "Shannon Logistics" -> "Shannon Log.": cut inside a word, with a point to say so. */
const abbreviate = (text: string, max: number) =>
  text.length <= max ? text : `${text.slice(0, max - 1).replace(/['\s]+$/, "")}.`;

/**
 * Text cut to `max` characters at most, at a word's end when there is one at `nearWord` characters or more, never
 * ending in a space or apostrophe.
 */
function cut(text: string, max: number, nearWord = max - 4): string {
  if (text.length <= max) return text;
  const hard = text.slice(0, max);
  const space = hard.lastIndexOf(" ");
  return (space >= nearWord && space > 0 ? hard.slice(0, space) : hard).replace(/['\s]+$/, "");
}

/** "Shannon · Employees": a sheet of one client; the client part gives way when the two do not fit. */
export function clientSheetName(shortName: string, what: string): string {
  const room = MAX_SHEET_NAME - SEPARATOR.length - what.length;
  return `${cut(clean(shortName), Math.max(room, 3))}${SEPARATOR}${clean(what)}`.slice(0, MAX_SHEET_NAME);
}

/** Words a wave's name is shortened to first, before any is cut. */
const WAVE_WORDS: [RegExp, string][] = [
  [/\bfortnightly\b/gi, "fortn"],
  [/\bbi-?weekly\b/gi, "2-wkly"],
  [/\bmonthly\b/gi, "mthly"],
  [/\bweekly\b/gi, "wkly"],
  [/\bquarterly\b/gi, "qtrly"],
  [/\bproduction\b/gi, "Prod"],
  [/\bmanagement\b/gi, "Mgmt"],
  [/\bdepartment\b/gi, "Dept"],
];

/** A wave's name with its long words shortened, a capital kept where the word had one ("Monthly" -> "Mthly"). */
function shortenWave(wave: string): string {
  let out = wave;
  for (const [word, short] of WAVE_WORDS)
    out = out.replace(word, (w) => (/^[A-Z]/.test(w) ? short[0].toUpperCase() + short.slice(1) : short));
  return out;
}

/** "25-11-26": the period end, day first, with no character Excel forbids in a sheet name. */
export function sheetDate(isoDate: string): string {
  const [y, m, d] = isoDate.split("-");
  return `${d}-${m}-${y.slice(2)}`;
}

/**
 * "Shannon · Office monthly · 25-11-26": an input sheet of one client, wave and period. The date is always whole.
 * When the rest does not fit, the wave's long words are shortened, then the date is set off by a space alone
 * ("Shannon · Office mthly 25-11-26"), then the wave part is cut (a client's short name has 12 characters at most).
 */
export function inputSheetName(shortName: string, waveName: string, payslipDate: string): string {
  const date = sheetDate(payslipDate);
  const client = clean(shortName);
  const wave = clean(waveName);
  const fits = (c: string, w: string, beforeDate: string) =>
    c.length + SEPARATOR.length + w.length + beforeDate.length + date.length <= MAX_SHEET_NAME;
  if (fits(client, wave, SEPARATOR)) return `${client}${SEPARATOR}${wave}${SEPARATOR}${date}`;
  const short = shortenWave(wave);
  if (fits(client, short, SEPARATOR)) return `${client}${SEPARATOR}${short}${SEPARATOR}${date}`;
  const room = MAX_SHEET_NAME - SEPARATOR.length - 1 - date.length;
  const c = client.length + short.length > room ? cut(client, Math.max(MAX_SHORT_NAME, room - short.length)) : client;
  const w = cut(short, room - c.length);
  return `${c}${SEPARATOR}${w} ${date}`;
}
