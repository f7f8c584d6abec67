/**
 * Deterministic demo data: a bureau with three clients, their waves, pay points, employees, 12+ months of finalised
 * payslips and pay runs, an open current period, calculations, leave, Regular Hours, loans and savings.
 * Same seed and options, same data. Finalised history shares a few frozen snapshots per employee, so 10,000
 * employees per client stay cheap to generate and to compute.
 */
// faker's Irish English alone (with en and base under it): the package's index loads all its ~70 locales, about 0.2 s
// of CPU at every sandbox start, and each test file starts its own.
import type { Faker } from "@faker-js/faker";
import { faker as irishEnglish } from "@faker-js/faker/locale/en_IE";
import type { Inputs } from "../../contract";
import { EMPLOYEE_NUMBER_MANUAL } from "../../contract";
import { addDays, addMonths, dateTime, dayNumber, weekday } from "./dates";
import {
  defaultInputs,
  frequencyText,
  fromCents,
  normaliseFirstEndDate,
  periodContaining,
  regularHoursPerWeek,
  SICK_LEAVE_POLICY,
  SYSTEM_ITEMS,
  toCents,
  waveLengths,
  customItemSpec,
  type CustomItemDef,
  type Frequency,
  type LeavePolicy,
} from "../engine";
import { irishOverlay } from "./irishLocale";
import { period } from "../service/periods";
import { inheritedInputsAt } from "../service/payroll";
import type {
  CalcRec,
  ClientRec,
  EmployeeRec,
  InheritedRec,
  PaymentRunRec,
  SnapshotContext,
  Store,
  WaveRec,
} from "../store/store";
import { openPayslip, Store as StoreClass } from "../store/store";

export interface DemoOptions {
  seed: number;
  /** Employees per client. */
  employees: number;
  /** The fixed "today": the open period is the one containing it. */
  today: string;
}

/** Months of finalised history before the open period. */
export const HISTORY_MONTHS = 14;
/** Pay rise date in the history, so that the variance report has something to show. */
const RAISE_DATE = "2026-04-01";

interface WaveSpec {
  frequency: Frequency;
  first_end_date: string;
  last_day_of_month?: number;
  custom_name?: string;
  /** Share of the client's employees on this wave. */
  share: number;
  /** Hourly-paid (hourly_pay) or salaried (basic_salary). */
  hourly: boolean;
  /** The pay calendar's fields, set in the service's screens; default notification 3, finalisation 1, no payment day. */
  calendar?: Pick<WaveRec, "notification_days_before" | "finalisation_days_before" | "payslip_payment_day">;
}

interface LeaveSpec {
  name: string;
  policy: LeavePolicy;
}

interface ClientSpec {
  name: string;
  street: string;
  postal: string;
  mode: string;
  features: string[];
  regularHoursVersion: number;
  waves: WaveSpec[];
  payPoints: string[];
  jobTitles: string[];
  leave: LeaveSpec[];
  customItems: Omit<CustomItemDef, "id">[];
  numberPrefix: string;
}

/** Annual leave earned through the year (days_per_year accrues it period by period). */
const annualLeave = (days: number): LeaveSpec => ({ name: "Annual leave", policy: { basis: "days_per_year", days } });
/** Sick leave accrues nothing (the engine's rule, see SICK_LEAVE_POLICY). */
const SICK_LEAVE: LeaveSpec = { name: "Sick leave", policy: SICK_LEAVE_POLICY };

const CLIENTS: ClientSpec[] = [
  {
    name: "Bureau demo: Liffey Engineering Ltd",
    street: "Unit 4, Liffey Valley Business Park",
    postal: "D22 X0Y3",
    mode: "EMPLOYEE_NUMBER_AUTOMATIC",
    features: ["accounting_splits"],
    regularHoursVersion: 1,
    waves: [
      {
        frequency: "monthly",
        first_end_date: "2019-01-31",
        last_day_of_month: 31,
        share: 0.65,
        hourly: false,
        // Paid on the 25th, finalised three working days before, the client told five before.
        calendar: { notification_days_before: 5, finalisation_days_before: 3, payslip_payment_day: 25 },
      },
      { frequency: "weekly", first_end_date: "2019-01-04", share: 0.35, hourly: true },
    ],
    payPoints: ["Dublin Head Office", "Cork Plant", "Galway Depot"],
    jobTitles: [
      "Mechanical Engineer",
      "Fitter",
      "Welder",
      "Project Manager",
      "Draughtsperson",
      "Quality Inspector",
      "Accounts Assistant",
      "Machinist",
    ],
    leave: [annualLeave(21), SICK_LEAVE],
    customItems: [
      { label: "Travel allowance", category: "income", taxable: false },
      { label: "Union subscription", category: "deduction" },
    ],
    numberPrefix: "",
  },
  {
    name: "Bureau demo: Shannon Foods Ltd",
    street: "Shannon Free Zone",
    postal: "V14 E2F8",
    mode: EMPLOYEE_NUMBER_MANUAL,
    features: ["wave_custom_name"],
    regularHoursVersion: 1,
    waves: [
      { frequency: "fortnightly", first_end_date: "2019-01-11", custom_name: "Production fortnightly", share: 0.5, hourly: true },
      {
        frequency: "monthly",
        first_end_date: "2019-01-25",
        last_day_of_month: 25,
        custom_name: "Office monthly",
        share: 0.5,
        hourly: false,
      },
    ],
    payPoints: ["Shannon Factory", "Limerick Office"],
    jobTitles: [
      "Production Operative",
      "Line Supervisor",
      "Food Technologist",
      "Warehouse Operative",
      "Sales Executive",
      "HR Officer",
      "Forklift Driver",
    ],
    leave: [annualLeave(22), SICK_LEAVE],
    customItems: [
      { label: "Shift allowance", category: "income" },
      { label: "Canteen", category: "deduction" },
    ],
    numberPrefix: "SF-",
  },
  {
    name: "Bureau demo: Corrib Care Services Ltd",
    street: "Forster Street",
    postal: "H91 C2K7",
    mode: "EMPLOYEE_NUMBER_AUTOMATIC",
    features: ["leave_any_day"],
    regularHoursVersion: 2,
    waves: [
      { frequency: "weekly", first_end_date: "2020-01-02", share: 0.7, hourly: true },
      {
        frequency: "fortnightly",
        first_end_date: "2020-01-10",
        share: 0.3,
        hourly: true,
        // Never set up in the service: the overview says "not set".
        calendar: { notification_days_before: null, finalisation_days_before: null, payslip_payment_day: null },
      },
    ],
    payPoints: ["Galway City", "Connemara Community", "Mayo Outreach"],
    jobTitles: [
      "Healthcare Assistant",
      "Staff Nurse",
      "Care Coordinator",
      "Home Help",
      "Nurse Manager",
      "Activities Coordinator",
    ],
    leave: [
      { name: "Annual leave (hours worked)", policy: { basis: "percent_of_hours", percent: 8, hours_per_day: 8 } },
      SICK_LEAVE,
    ],
    customItems: [{ label: "Sunday premium", category: "income" }],
    numberPrefix: "",
  },
];

const BICS = ["AIBKIE2D", "BOFIIE2D", "IPBSIE2D", "ULSBIE2D", "IRCEIE2D"];
const TERMINATION_CODES = [1, 2, 3, 4, 5];

/** A PPS number: seven digits and the mod-23 check letter, plus the "A" of numbers issued since 2013. */
export function ppsn(digits: string): string {
  const second = "A";
  let sum = 0;
  for (let i = 0; i < 7; i++) sum += Number(digits[i]) * (8 - i);
  sum += 9 * (second.charCodeAt(0) - 64);
  return `${digits}${"WABCDEFGHIJKLMNOPQRSTUV"[sum % 23]}${second}`;
}

export function generateDemo(opts: DemoOptions): Store {
  // irishEnglish's definitions are en_IE over en over base, merged as a list of locales is: the same data as before.
  const FakerClass = irishEnglish.constructor as typeof Faker;
  const faker = new FakerClass({ locale: [irishOverlay, irishEnglish.rawDefinitions] });
  faker.seed(opts.seed);
  const store = new StoreClass();
  const today = opts.today;
  const historyStart = addMonths(today, -HISTORY_MONTHS);

  CLIENTS.forEach((spec) => new ClientBuilder(store, faker, spec, today, historyStart, opts.employees).build());
  return store;
}

interface DemoWave {
  rec: WaveRec;
  spec: WaveSpec;
  current: number;
  first: number;
  /** The period of the once-off Christmas bonus run. */
  christmas: number;
  runs: Map<number, PaymentRunRec>;
  specialRuns: Map<number, PaymentRunRec>;
  /** By period offset: see ClientBuilder.stamps. */
  stamps: Map<number, PeriodStamps>;
}

/** An employee's employment: appointment, leaving date (null: in service) and long-term leave. */
interface Employment {
  appointment: string;
  terminationDate: string | null;
  longTermLeave: boolean;
}

/** What every payslip of a wave period shares. */
interface PeriodStamps {
  date: string;
  created: string;
  finalised: string;
  /** After the pay rise. */
  raised: boolean;
  /** What its finalised regular payslips pay beyond the usual: overtime (hourly staff) or a bonus (December). */
  extra: "overtime" | "bonus" | "";
  /** Periods with the same key have the same frozen calculations (for employees without Regular Hours). */
  key: string;
}

class ClientBuilder {
  private client!: ClientRec;
  private readonly waves: DemoWave[] = [];
  private payPointIds: number[] = [];
  private leaveTypeIds: number[] = [];

  constructor(
    private readonly store: Store,
    private readonly faker: Faker,
    private readonly spec: ClientSpec,
    private readonly today: string,
    private readonly historyStart: string,
    private readonly employees: number,
  ) {}

  build(): void {
    const { store, spec } = this;
    const id = store.nextId("client");
    const created = dateTime("2018-11-01");
    const customItems: CustomItemDef[] = spec.customItems.map((c) => ({ ...c, id: store.nextId("customItem") }));
    const fieldIds = [store.nextId("customField"), store.nextId("customField"), store.nextId("customField")];
    const costCentres = ["Operations", "Sales", "Administration"].map((label) => ({
      id: fieldIds[1] * 100 + label.length,
      label,
    }));
    this.client = store.clients.insert({
      id,
      name: spec.name,
      physical_address: { unit_no: spec.street.split(",")[0], complex: null, st_name: spec.street, postal_code: spec.postal },
      employee_number_mode: spec.mode,
      features: spec.features,
      regular_hours_version: spec.regularHoursVersion,
      next_employee_number: 1001,
      custom_field_defs: [
        { id: fieldIds[0], name: "Department code", type: "text" },
        {
          id: fieldIds[1],
          name: "Cost centre",
          type: "dropdown",
          options: costCentres.map((c, i) => ({ id: fieldIds[1] * 100 + i + 1, label: c.label })),
        },
        {
          id: fieldIds[2],
          name: "Union member",
          type: "dropdown",
          options: [
            { id: fieldIds[2] * 100 + 1, label: "Yes" },
            { id: fieldIds[2] * 100 + 2, label: "No" },
          ],
        },
      ],
      custom_items: customItems,
      profiles: [
        { id: store.nextId("profile"), name: "Standard salaried" },
        { id: store.nextId("profile"), name: "Hourly with overtime" },
      ],
      created_at: created,
      updated_at: created,
    });

    // Client-level calculation definitions: one per item, inputs = defaults.
    for (const item of [...SYSTEM_ITEMS, ...customItems.map(customItemSpec)]) {
      store.calculations.insert(this.calc(null, null, item.id, defaultInputs(item), created));
    }

    for (const w of spec.waves) this.addWave(w, created);
    for (const name of spec.payPoints) {
      const town = name.split(" ")[0];
      this.payPointIds.push(
        store.payPoints.insert({
          id: store.nextId("payPoint"),
          client_id: id,
          name,
          physical_address: { unit_no: null, complex: null, st_name: `${town} Road`, postal_code: this.faker.location.zipCode() },
          created_at: created,
          updated_at: created,
        }).id,
      );
    }
    for (const l of spec.leave) {
      this.leaveTypeIds.push(
        store.leaveTypes.insert({ id: store.nextId("leaveType"), client_id: id, name: l.name, policy: l.policy }).id,
      );
    }
    for (let i = 0; i < this.employees; i++) this.addEmployee(i);
  }

  private addWave(w: WaveSpec, created: string): void {
    const n = normaliseFirstEndDate(w.frequency, w.first_end_date, w.last_day_of_month);
    if (!n.ok) throw new Error(`demo wave: ${n.error}`);
    const rec: WaveRec = {
      id: this.store.nextId("wave"),
      client_id: this.client.id,
      frequency: w.frequency,
      ...waveLengths(w.frequency),
      first_end_date: n.first_end_date,
      first_period_offset: n.first_period_offset,
      interim_first_end_date: null,
      notification_days_before: 3,
      finalisation_days_before: 1,
      payslip_payment_day: null,
      ...w.calendar,
      custom_name: w.custom_name ?? null,
      pay_dates_enabled: w.frequency === "monthly",
      name: w.custom_name ?? frequencyText(w.frequency),
      created_at: created,
      updated_at: created,
    };
    this.store.waves.insert(rec);
    const current = periodContaining(rec, this.today).offset;
    const first = periodContaining(rec, this.historyStart).offset;
    const christmas = periodContaining(rec, `${Number(this.today.slice(0, 4)) - 1}-12-19`).offset;
    this.waves.push({ rec, spec: w, current, first, christmas, runs: new Map(), specialRuns: new Map(), stamps: new Map() });
  }

  /** The pay run of a wave period (regular), or its once-off run (special). */
  private run(wave: DemoWave, offset: number, special = false): PaymentRunRec {
    const runs = special ? wave.specialRuns : wave.runs;
    let r = runs.get(offset);
    if (!r) {
      const end = period(wave.rec, offset).end;
      r = this.store.paymentRuns.insert({
        id: this.store.nextId("paymentRun"),
        client_id: this.client.id,
        wave_id: wave.rec.id,
        period_offset: offset,
        period_end_date: end,
        special,
        posted_to_accounting_system: offset < wave.current - 2,
        created_at: dateTime(addDays(end, special ? -5 : -2), 9),
        updated_at: dateTime(addDays(end, special ? -4 : -1), 16),
      });
      runs.set(offset, r);
    }
    return r;
  }

  /** A finalised payslip of period `offset`, in the period's regular or once-off (special) pay run. */
  private finalisedPayslip(e: EmployeeRec, wave: DemoWave, offset: number, snapshotId: number, special: boolean) {
    const stamp = this.stamps(wave, offset);
    this.store.payslips.insert({
      id: this.store.nextId("payslip"),
      employee_id: e.id,
      client_id: e.client_id,
      wave_id: wave.rec.id,
      date: stamp.date,
      period_offset: offset,
      special,
      finalised: true,
      dirty: false,
      ss_released: true,
      payment_run_id: this.run(wave, offset, special).id,
      snapshot_id: snapshotId,
      created_at: stamp.created,
      updated_at: stamp.finalised,
    });
  }

  /** Period end date, the timestamps of its payslips and what they pay beyond the usual (shared, memoised). */
  private stamps(wave: DemoWave, offset: number): PeriodStamps {
    let s = wave.stamps.get(offset);
    if (!s) {
      const p = period(wave.rec, offset);
      const raised = p.end >= RAISE_DATE;
      const hourly = wave.spec.hourly;
      const extra = hourly && offset % 4 === 0 ? "overtime" : !hourly && p.end.slice(5, 7) === "12" ? "bonus" : "";
      s = {
        date: p.end,
        created: dateTime(p.start, 8),
        finalised: dateTime(addDays(p.end, -1), 16),
        raised,
        extra,
        key: `${raised}|${extra}`,
      };
      wave.stamps.set(offset, s);
    }
    return s;
  }

  private readonly offsets = new Map<string, number>();

  /** The offset of the period containing a date (memoised: many employees share appointment dates). */
  private offsetOf(wave: WaveRec, date: string): number {
    const key = `${wave.id}|${date}`;
    let o = this.offsets.get(key);
    if (o === undefined) {
      o = periodContaining(wave, date).offset;
      this.offsets.set(key, o);
    }
    return o;
  }

  private calc(employeeId: number | null, payslipId: number | null, item: string | number, inputs: Inputs, at: string): CalcRec {
    return {
      id: this.store.nextId("calculation"),
      client_id: this.client.id,
      employee_id: employeeId,
      payslip_id: payslipId,
      item,
      inputs,
      deleted: false,
      created_at: at,
      updated_at: at,
    };
  }

  private pickWave(i: number) {
    // Deterministic shares by index so small demos still cover every wave.
    const x = (((i * 0.618034) % 1) + 1) % 1;
    let acc = 0;
    for (const w of this.waves) {
      acc += w.spec.share;
      if (x < acc) return w;
    }
    return this.waves[this.waves.length - 1];
  }

  private addEmployee(i: number): void {
    const wave = this.pickWave(i);
    const sex = this.faker.helpers.arrayElement(["female", "male"] as const);
    const name = { first: this.faker.person.firstName(sex), last: this.faker.person.lastName() };
    const employment = this.employment(wave, i);
    const created = dateTime(employment.appointment, 10);
    const e = this.insertEmployee(i, wave, name, employment.appointment, created);
    this.addServicePeriods(e, employment, created);
    // Calculations (employee level).
    const calcs = this.employeeCalcs(e, wave, i, created);
    if (this.spec.regularHoursVersion === 2) this.addWeekHours(e, i, created);
    this.addHistory(e, wave, i, calcs, employment);
    if (!employment.terminationDate) this.addOpenPayslips(e, wave, i, calcs);
    this.addLeave(e, employment.terminationDate);
    if (i % 7 === 0) this.addProfileMapping(e, wave, calcs, created);
  }

  /** When the employee joined, whether and when they left (within the history), whether they are on long-term leave. */
  private employment(wave: DemoWave, i: number): Employment {
    const { faker } = this;
    const historyFirstEnd = period(wave.rec, wave.first).end;
    const lastFinalisedEnd = period(wave.rec, wave.current - 1).end;
    // Most joined before the history starts; some during it (at least three periods before the open one).
    const joinedRecently = faker.number.float() < 0.15;
    const appointment = joinedRecently
      ? addDays(
          historyFirstEnd,
          faker.number.int({
            min: 0,
            max: Math.max(0, dayNumber(period(wave.rec, wave.current - 3).end) - dayNumber(historyFirstEnd)),
          }),
        )
      : addDays("2009-01-05", faker.number.int({ min: 0, max: dayNumber(this.historyStart) - dayNumber("2009-01-05") }));
    // Every client with six or more employees has a leaver and someone on long-term leave; more at random.
    const roll = faker.number.float();
    const terminated = i % 12 === 5 || (i > 0 && i % 12 !== 3 && roll < 0.05);
    const longTermLeave = !terminated && (i % 12 === 3 || roll < 0.08);
    const termination = terminated
      ? addDays(
          appointment > historyFirstEnd ? appointment : historyFirstEnd,
          faker.number.int({
            min: 20,
            max: Math.max(
              20,
              dayNumber(lastFinalisedEnd) - dayNumber(appointment > historyFirstEnd ? appointment : historyFirstEnd) - 1,
            ),
          }),
        )
      : null;
    const terminationDate = termination && termination <= lastFinalisedEnd ? termination : terminated ? lastFinalisedEnd : null;
    return { appointment, terminationDate, longTermLeave };
  }

  private insertEmployee(
    i: number,
    wave: DemoWave,
    name: { first: string; last: string },
    appointment: string,
    created: string,
  ): EmployeeRec {
    const { faker, store, client } = this;
    const number =
      client.employee_number_mode === EMPLOYEE_NUMBER_MANUAL
        ? `${this.spec.numberPrefix}${String(i + 1).padStart(4, "0")}`
        : String(client.next_employee_number++);
    const email = `${ascii(name.first)}.${ascii(name.last)}${i}@example.ie`.toLowerCase();
    const fields = client.custom_field_defs;
    return store.employees.insert({
      id: store.nextId("employee"),
      client_id: client.id,
      number,
      first_name: name.first,
      last_name: name.last,
      birthdate: addDays("1962-01-01", faker.number.int({ min: 0, max: 365 * 40 })),
      appointment_date: appointment,
      wave_id: wave.rec.id,
      pay_point_id: faker.helpers.arrayElement(this.payPointIds),
      payment_method: faker.helpers.weightedArrayElement([
        { value: "eft_manual", weight: 90 },
        { value: "cheque", weight: 6 },
        { value: "cash", weight: 4 },
      ]),
      ppsn: ppsn(String(faker.number.int({ min: 1_000_000, max: 9_999_999 }))),
      prsi_class: i % 23 === 7 ? "s" : i % 29 === 11 ? "j" : "a",
      prsi_exempt: false,
      director: i % 23 === 7,
      email,
      job_title: faker.helpers.arrayElement(this.spec.jobTitles),
      physical_address: {
        unit_no: String(faker.number.int({ min: 1, max: 220 })),
        complex: null,
        st_name: `${faker.location.street()}, ${faker.location.city()}`,
        postal_code: faker.location.zipCode(),
      },
      bank_account: {
        account_number: faker.finance.iban({ countryCode: "IE", formatted: false }),
        branch_code: faker.helpers.arrayElement(BICS),
      },
      custom_fields: {
        [fields[0].id]: `${this.spec.jobTitles[0].slice(0, 3).toUpperCase()}-${faker.number.int({ min: 100, max: 999 })}`,
        [fields[1].id]: String(faker.helpers.arrayElement(fields[1].options!).id),
        [fields[2].id]: String(faker.helpers.arrayElement(fields[2].options!).id),
      },
      created_at: created,
      updated_at: created,
    });
  }

  /** Service periods: employment, ended for leavers; long-term leave is a negative period. */
  private addServicePeriods(e: EmployeeRec, { appointment, terminationDate, longTermLeave }: Employment, created: string) {
    const { faker, store } = this;
    store.servicePeriods.insert({
      id: store.nextId("servicePeriod"),
      employee_id: e.id,
      start_date: appointment,
      end_date: terminationDate,
      negative: false,
      attribs: { ie_employment_identifier: "1" },
      termination_code: terminationDate ? faker.helpers.arrayElement(TERMINATION_CODES) : null,
      created_at: created,
      updated_at: terminationDate ? dateTime(terminationDate, 17) : created,
    });
    if (longTermLeave) {
      const start = addDays(this.today, -faker.number.int({ min: 30, max: 150 }));
      store.servicePeriods.insert({
        id: store.nextId("servicePeriod"),
        employee_id: e.id,
        start_date: start,
        end_date: null,
        negative: true,
        attribs: null,
        termination_code: null,
        created_at: dateTime(start, 9),
        updated_at: dateTime(start, 9),
      });
    }
  }

  /**
   * The finalised history (frozen snapshots). Periods with the same calculations share a snapshot, unless they carry
   * a loan, savings or garnishee balance: each period has its own.
   */
  private addHistory(e: EmployeeRec, wave: DemoWave, i: number, calcs: CalcRec[], employment: Employment): void {
    const weekHours = this.store.inherited.where("employee", e.id)[0];
    const frozenByKey = new Map<string, { calcs: CalcRec[]; context: SnapshotContext; sharedId?: number }>();
    const balances = calcs.filter(tracksBalance).map(balanceHistory);
    const firstOffset = Math.max(wave.first, this.offsetOf(wave.rec, employment.appointment));
    const lastOffset = employment.terminationDate ? this.offsetOf(wave.rec, employment.terminationDate) : wave.current - 1;
    // Savings that begin during the history were set up for their first period, not when the employee joined.
    for (const b of balances) {
      let k = firstOffset;
      while (k <= lastOffset && b.openingCents(lastOffset - k + 1) === null) k++;
      if (k > firstOffset && k <= lastOffset) b.calc.created_at = b.calc.updated_at = this.stamps(wave, k).created;
    }
    for (let k = firstOffset; k <= lastOffset; k++) {
      const stamp = this.stamps(wave, k);
      const { raised, extra } = stamp;
      const wh = weekHours ? hoursOf(inheritedInputsAt(weekHours, stamp.date)) : null;
      const key = weekHours ? `${stamp.key}|${wh}` : stamp.key;
      let frozen = frozenByKey.get(key);
      if (frozen === undefined) {
        const context: SnapshotContext = {
          frequency: wave.rec.frequency,
          prsi_class: e.prsi_class,
          prsi_exempt: e.prsi_exempt,
          director: e.director,
          weekHours: wh,
        };
        frozen = { calcs: this.frozenCalcs(calcs, raised, extra), context };
        frozenByKey.set(key, frozen);
      }
      // A period carrying a balance has its own snapshot; the others share one with the like periods.
      const openings = balances.length ? balances.map((b) => b.openingCents(lastOffset - k + 1)) : NO_OPENINGS;
      const snapshotId = openings.some((o) => o !== null)
        ? this.addSnapshot(e, withOpenings(frozen.calcs, balances, openings), frozen.context)
        : (frozen.sharedId ??= this.addSnapshot(e, withOpenings(frozen.calcs, balances, openings), frozen.context));
      this.finalisedPayslip(e, wave, k, snapshotId, false);
      // A once-off Christmas bonus payslip (special) for some, in the wave's special run of that period.
      if (i % 10 === 6 && k === wave.christmas) {
        const bonus = this.calc(e.id, null, "bonus", { amount: 750 }, stamp.created);
        this.finalisedPayslip(e, wave, k, this.addSnapshot(e, [bonus], frozen.context), true);
      }
    }
  }

  /** The open regular payslip of the current period, some with once-off inputs, and for some an open once-off one. */
  private addOpenPayslips(e: EmployeeRec, wave: DemoWave, i: number, calcs: CalcRec[]): void {
    const { faker, store, client } = this;
    const open = store.payslips.insert(
      openPayslip({
        id: store.nextId("payslip"),
        employee_id: e.id,
        client_id: client.id,
        wave_id: wave.rec.id,
        date: period(wave.rec, wave.current).end,
        period_offset: wave.current,
        created_at: this.stamps(wave, wave.current).created,
      }),
    );
    // Some open payslips carry once-off inputs.
    if (i % 5 === 0) {
      const item = wave.spec.hourly ? "overtime" : "commission";
      const inputs: Inputs = wave.spec.hourly
        ? {
            hours: faker.number.int({ min: 2, max: 12 }),
            rate: Number(calcs.find((c) => c.item === "hourly_pay")?.inputs.rate ?? 15),
            multiplier: 1.5,
          }
        : { amount: faker.number.int({ min: 5, max: 60 }) * 10 };
      store.calculations.insert(this.calc(e.id, open.id, item, inputs, open.created_at));
    }
    // Some have an open once-off payslip in the current period, on the same date as the regular one.
    if (i % 10 === 6) {
      const special = store.payslips.insert({ ...open, id: store.nextId("payslip"), special: true });
      store.calculations.insert(this.calc(e.id, special.id, "bonus", { amount: 250 }, special.created_at));
    }
  }

  private addProfileMapping(e: EmployeeRec, wave: DemoWave, calcs: CalcRec[], created: string): void {
    const profile = this.client.profiles[wave.spec.hourly ? 1 : 0];
    this.store.profileMappings.insert({
      id: this.store.nextId("profileMapping"),
      employee_id: e.id,
      profile_id: profile.id,
      inputs: {},
      excluded_calculations: [],
      included_calculations: calcs.slice(0, 2).map((c) => c.id),
      created_at: created,
      updated_at: created,
    });
  }

  private employeeCalcs(e: EmployeeRec, wave: DemoWave, i: number, at: string): CalcRec[] {
    const { faker, store } = this;
    const ppy = wave.rec.frequency === "weekly" ? 52 : wave.rec.frequency === "fortnightly" ? 26 : 12;
    const out: CalcRec[] = [];
    const add = (item: string | number, inputs: Inputs) =>
      out.push(store.calculations.insert(this.calc(e.id, null, item, inputs, at)));
    if (wave.spec.hourly) {
      const rate = round(faker.number.float({ min: 13.5, max: 26 }), 2);
      // Regular Hours v2 clients take hours from week_hours; v1 clients enter hours per period.
      add("hourly_pay", this.spec.regularHoursVersion === 2 ? { hours: null, rate } : { hours: (39 * 52) / ppy, rate });
    } else {
      const annual = faker.number.int({ min: 28, max: 95 }) * 1000;
      add("basic_salary", { amount: round(annual / ppy, 2) });
    }
    if (i % 5 === 1 || i % 5 === 2)
      add("pension", { employee_percent: 5, employer_percent: faker.helpers.arrayElement([5, 7.5]) });
    if (!wave.spec.hourly && i % 6 === 3) add("commission", { amount: faker.number.int({ min: 10, max: 50 }) * 10 });
    if (i % 9 === 2 || i % 23 === 4) {
      const amount = faker.number.int({ min: 2, max: 15 }) * 10 * (12 / ppy);
      // The balance is a whole number of repayments left after the last finalised payslip (12 to 47). The loan was
      // made before the history begins, so every finalised payslip carries it (balanceHistory). The draw keeps its
      // range so that the rest of the seeded data stays as it was.
      const repayment = round(amount, 2);
      const left = Math.min(faker.number.int({ min: 12, max: 48 }), 47);
      add("employer_loan", { amount: repayment, balance: round(repayment * left, 2) });
      const half = round(amount / 2, 2);
      if (i % 23 === 4) add("employer_loan", { amount: half, balance: round(half * 20, 2) });
    }
    if (i % 8 === 3 || i % 29 === 7) {
      const amount = round(faker.number.int({ min: 5, max: 40 }) * 5 * (12 / ppy), 2);
      // Whole numbers of savings, so savings that started during the history started from zero.
      add("savings", { amount, balance: round(amount * faker.number.int({ min: 14, max: 40 }), 2) });
      const half = round(amount / 2, 2);
      if (i % 29 === 7) add("savings", { amount: half, balance: round(half * 30, 2) });
    }
    if (i % 31 === 11) add("garnishee", { amount: round(((300 / ppy) * 12) / 12, 2), balance: 1500 });
    const custom = this.client.custom_items;
    if (custom.length && i % 4 === 0)
      add(custom[0].id, { amount: round(faker.number.int({ min: 5, max: 30 }) * 10 * (12 / ppy), 2) });
    if (custom.length > 1 && i % 3 === 1)
      add(custom[1].id, { amount: round(faker.number.int({ min: 2, max: 8 }) * 5 * (12 / ppy), 2) });
    return out;
  }

  /**
   * Frozen calculations for finalised payslips: before or after the pay rise, plus an overtime or bonus extra.
   * Tracked items keep the live balance; withOpenings() gives each period its own.
   */
  private frozenCalcs(calcs: CalcRec[], raised: boolean, extra: string): CalcRec[] {
    const factor = raised ? 1 : 0.97;
    const frozen: CalcRec[] = calcs.map((c) => {
      const inputs: Inputs = { ...c.inputs };
      if (c.item === "basic_salary") inputs.amount = round(Number(inputs.amount) * factor, 2);
      if (c.item === "hourly_pay") inputs.rate = round(Number(inputs.rate) * factor, 2);
      return { ...c, inputs };
    });
    const hourly = calcs.find((c) => c.item === "hourly_pay");
    const salary = calcs.find((c) => c.item === "basic_salary");
    if (extra === "overtime" && hourly) {
      frozen.push({
        ...calcs[0],
        id: this.store.nextId("calculation"),
        item: "overtime",
        inputs: { hours: 6, rate: round(Number(hourly.inputs.rate) * factor, 2), multiplier: 1.5 },
      });
    } else if (extra === "bonus" && salary) {
      frozen.push({ ...calcs[0], id: this.store.nextId("calculation"), item: "bonus", inputs: { amount: 500 } });
    }
    return frozen;
  }

  private addSnapshot(e: EmployeeRec, calcs: CalcRec[], context: SnapshotContext): number {
    return this.store.snapshots.insert({ id: this.store.nextId("snapshot"), employee_id: e.id, calcs, context }).id;
  }

  private addWeekHours(e: EmployeeRec, i: number, at: string): void {
    const days = ["mon", "tue", "wed", "thu", "fri", "sat", "sun"];
    const works = i % 3 === 0 ? 4 : 5;
    const base: Inputs = { schedule: "fixed", full_day_hours_input: 8 };
    days.forEach((d, k) => {
      base[`works_${d}`] = k < works;
      if (k < works) base[`day_type_${d}`] = "full";
    });
    const history: Record<string, Inputs> = { "": base };
    if (i % 4 === 1) {
      // A change of hours part-way through the history: Fridays become half days.
      history["2026-06-01"] = { ...base, works_fri: true, day_type_fri: "partial", partial_hours_fri: 4 };
    }
    const rec: InheritedRec = {
      id: this.store.nextId("inherited"),
      employee_id: e.id,
      short_name: "week_hours",
      calculation_def_id: 9001,
      profile_id: null,
      history,
      created_at: at,
      updated_at: at,
    };
    this.store.inherited.insert(rec);
  }

  private addLeave(e: EmployeeRec, terminationDate: string | null): void {
    const { faker, store } = this;
    const from = e.appointment_date > this.historyStart ? e.appointment_date : this.historyStart;
    const to = terminationDate ?? addDays(this.today, 40);
    const span = dayNumber(to) - dayNumber(from);
    if (span < 14) return;
    const annual = faker.number.int({ min: 4, max: 10 });
    const sick = faker.number.int({ min: 0, max: 2 });
    const used = new Set<string>();
    const add = (typeId: number, count: number, partial: boolean) => {
      for (let n = 0; n < count; n++) {
        let date = addDays(from, faker.number.int({ min: 0, max: span }));
        const dow = weekday(date);
        if (dow === 0) date = addDays(date, 1);
        if (dow === 6) date = addDays(date, 2);
        if (used.has(date) || date > to) continue;
        used.add(date);
        const at = dateTime(date < this.today ? addDays(date, -7) : this.today, 11);
        store.leaveDays.insert({
          id: store.nextId("leaveDay"),
          employee_id: e.id,
          date,
          hours: partial && n === 0 ? 4 : null,
          type_id: typeId,
          created_at: at,
          updated_at: at,
        });
      }
    };
    add(this.leaveTypeIds[0], annual, true);
    if (this.leaveTypeIds[1]) add(this.leaveTypeIds[1], sick, false);
  }
}

/** Loans, savings and garnishees with a balance: the engine tracks it from period to period. */
function tracksBalance(c: CalcRec): boolean {
  return (c.item === "employer_loan" || c.item === "savings" || c.item === "garnishee") && typeof c.inputs.balance === "number";
}

const NO_OPENINGS: readonly (number | null)[] = [];

/**
 * The balance history of a tracked calculation. The live calculation holds the balance after the last finalised
 * payslip, so a payslip `remaining` payslips before the end (itself included) had that many repayments still to
 * make (loans, garnishees: more owed) or that many savings still to add (less saved).
 *
 * Loans and garnishees are older than the history: every finalised payslip carries them, and the first one opens
 * with the balance brought forward. A loan that began during the history would step from nothing to its advance,
 * and an advance is no payslip deduction, so tracked_balances would move by more than transaction_history shows.
 * Savings may begin during the history, from zero (a first contribution is a deduction like the others): savings
 * that would have been below zero had not started yet, null, the payslip has none.
 */
function balanceHistory(c: CalcRec) {
  const live = toCents(Number(c.inputs.balance));
  const amount = toCents(Number(c.inputs.amount));
  const item = c.item;
  return {
    id: c.id,
    calc: c,
    openingCents(remaining: number): number | null {
      if (item !== "savings") return live + amount * remaining;
      const opening = live - amount * remaining;
      return opening < 0 ? null : opening;
    },
  };
}

/** A finalised payslip's calculations with each tracked balance as it stood going into that period. */
function withOpenings(
  frozen: readonly CalcRec[],
  balances: readonly { id: number }[],
  openings: readonly (number | null)[],
): CalcRec[] {
  const out: CalcRec[] = [];
  for (const c of frozen) {
    const j = balances.findIndex((b) => b.id === c.id);
    if (j < 0) out.push(c);
    else if (openings[j] !== null) out.push({ ...c, inputs: { ...c.inputs, balance: fromCents(openings[j]) } });
  }
  return out;
}

const weekHoursMemo = new WeakMap<Inputs, number | null>();
/** Weekly hours of a week_hours input set (history entries are shared objects, so memoise by identity). */
function hoursOf(inputs: Inputs): number | null {
  if (!weekHoursMemo.has(inputs)) weekHoursMemo.set(inputs, regularHoursPerWeek(inputs));
  return weekHoursMemo.get(inputs)!;
}

function round(n: number, dp: number): number {
  const f = 10 ** dp;
  return Math.round(n * f) / f;
}

function ascii(s: string): string {
  return s.normalize("NFD").replace(/[^A-Za-z]/g, "");
}
